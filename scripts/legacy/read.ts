import fs from "node:fs";
import path from "node:path";

// Reading a `mongoexport` of the old application: one file per collection, either JSON lines (the
// tool's default: one document per line) or a JSON array (--jsonArray). Documents come in MongoDB
// Extended JSON, relaxed (`{"$oid": …}`, `{"$date": "…"}`) or canonical (`{"$numberInt": "5"}`):
// both are turned into plain values here, so the mapping sees strings, numbers and ISO timestamps.

/** A document as read, with where it was: its line in the file (1 for a JSON array's documents' file). */
export type ReadDocument = { line: number; document: Record<string, unknown> };
export type Unreadable = { line: number; text: string; reason: string };

/** The plain value of an Extended JSON value (recursively); anything else as it is. */
export function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainValue);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    const [key] = keys;
    const inner = object[key];
    switch (key) {
      case "$oid":
        return String(inner);
      case "$date": {
        // Relaxed: an ISO string; canonical: {"$numberLong": "<ms since 1970>"}.
        const plain = plainValue(inner);
        const date = new Date(
          typeof plain === "string" && /^-?\d+$/.test(plain) ? Number(plain) : (plain as string),
        );
        return Number.isNaN(date.getTime()) ? String(plain) : date.toISOString();
      }
      case "$numberInt":
      case "$numberLong":
      case "$numberDouble":
      case "$numberDecimal": {
        const number = Number(inner);
        return Number.isFinite(number) ? number : String(inner);
      }
    }
  }
  return Object.fromEntries(keys.map((key) => [key, plainValue(object[key])]));
}

const isDocument = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The documents of one collection file, and the lines that are not documents (with why). */
export function readCollection(file: string): { documents: ReadDocument[]; unreadable: Unreadable[] } {
  const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const documents: ReadDocument[] = [];
  const unreadable: Unreadable[] = [];
  if (text.trimStart().startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      unreadable.push({ line: 1, text: text.slice(0, 200), reason: `Not JSON: ${(error as Error).message}` });
      return { documents, unreadable };
    }
    for (const [index, item] of (parsed as unknown[]).entries()) {
      if (isDocument(item))
        documents.push({ line: 1, document: plainValue(item) as Record<string, unknown> });
      else
        unreadable.push({
          line: 1,
          text: JSON.stringify(item).slice(0, 200),
          reason: `Item ${index + 1} of the array is not a document.`,
        });
    }
    return { documents, unreadable };
  }
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (!raw.trim()) continue;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!isDocument(parsed)) throw new Error("not a document");
      documents.push({ line: index + 1, document: plainValue(parsed) as Record<string, unknown> });
    } catch (error) {
      unreadable.push({
        line: index + 1,
        text: raw.slice(0, 200),
        reason: `Not a JSON document: ${(error as Error).message}`,
      });
    }
  }
  return { documents, unreadable };
}

/** The collection files of an export folder: *.json, *.jsonl, *.ndjson, by name. */
export function collectionFiles(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => /\.(json|jsonl|ndjson)$/i.test(name))
    .sort()
    .map((name) => path.join(folder, name));
}
