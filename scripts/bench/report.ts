import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The benchmark's rows: each a budget, the measured value and pass/fail; written to
// bench-results/<timestamp>.json and bench-results/latest.json so two runs can be compared.

export type Row = {
  /** Stable key, for comparing runs. */
  id: string;
  group: string;
  label: string;
  unit: "ms" | "s" | "KB" | "MB" | "req/s" | "rows/s" | "%" | "count";
  measured: number | null;
  /** "<" / "≤" / "≥" and the limit; none for a figure given for information. */
  budget?: { op: "<" | "≤" | "≥" | "="; limit: number };
  note?: string;
};

export type Results = {
  startedAt: string;
  finishedAt: string;
  machine: { cpus: number; model: string; memoryMB: number; node: string; load: number[] };
  options: Record<string, unknown>;
  /** The phases that ran, with the machine's 1-minute load average as each started. */
  phases?: { name: string; startedAt: string; load: number }[];
  rows: Row[];
};

export function passes(row: Row): boolean | null {
  if (!row.budget) return null;
  if (row.measured === null || Number.isNaN(row.measured)) return false;
  const { op, limit } = row.budget;
  if (op === "<") return row.measured < limit;
  if (op === "≤") return row.measured <= limit;
  if (op === "≥") return row.measured >= limit;
  return row.measured === limit;
}

export function machine(): Results["machine"] {
  return {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? "?",
    memoryMB: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    load: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

const format = (value: number | null, unit: Row["unit"]) => {
  if (value === null || Number.isNaN(value)) return "—";
  const digits =
    unit === "s" || unit === "KB" || unit === "MB" ? 1 : unit === "count" ? 0 : value < 10 ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
};

export function printTable(results: Results, previous?: Results) {
  const before = new Map(previous?.rows.map((row) => [row.id, row]));
  const lines: string[][] = [["check", "budget", "measured", "result", previous ? "previous" : ""]];
  let group = "";
  const groups: number[] = [];
  for (const row of results.rows) {
    if (row.group !== group) {
      group = row.group;
      groups.push(lines.length);
      lines.push([`── ${group}`, "", "", "", ""]);
    }
    const pass = passes(row);
    const old = before.get(row.id);
    lines.push([
      `  ${row.label}`,
      row.budget ? `${row.budget.op} ${format(row.budget.limit, row.unit)}` : "",
      format(row.measured, row.unit) + (row.note ? `  (${row.note})` : ""),
      pass === null ? "info" : pass ? "PASS" : "FAIL",
      old ? format(old.measured, old.unit) : "",
    ]);
  }
  const widths = lines[0].map((_, column) =>
    Math.max(...lines.filter((_, index) => !groups.includes(index)).map((line) => line[column].length)),
  );
  for (const [index, line] of lines.entries()) {
    if (groups.includes(index)) console.log(line[0]);
    else
      console.log(
        line
          .map((cell, column) => cell.padEnd(widths[column]))
          .join("  ")
          .trimEnd(),
      );
  }
  const judged = results.rows.filter((row) => row.budget);
  const failed = judged.filter((row) => !passes(row));
  console.log(`\n${judged.length - failed.length}/${judged.length} budgets pass.`);
  if (failed.length) console.log(`Failing: ${failed.map((row) => `${row.group} / ${row.label}`).join("; ")}`);
  return failed.length;
}

export function readPrevious(dir: string): Results | undefined {
  const file = path.join(dir, "latest.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Results;
  } catch {
    return undefined;
  }
}

export function writeResults(dir: string, results: Results) {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, "-");
  const file = path.join(dir, `${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
