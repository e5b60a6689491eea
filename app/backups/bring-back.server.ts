import { type SQL, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { quoteName } from "#app/backups/backup.server.ts";
import { BackupRefused, readBackup } from "#app/backups/restore.server.ts";
import { listBackups } from "#app/backups/run.server.ts";
import { db } from "#app/db/client.server.ts";
import { isUniqueViolation } from "#app/db/records.server.ts";
import { backupDir, serverSettings } from "#app/lib/env.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";

// Bring one deleted record back (issue 34): a wrong delete should not need a whole restore. The
// record and its stock movements are read from the newest kept backup that holds it, exactly as
// they were then (same id, so its history and links join up again), and inserted as a new change
// recorded in the audit log. The item's cached stock is set again from the movements brought back.

/** The record types that can be brought back: their table and, for stock items, their movements' column. */
export const BRING_BACK = {
  inventory_item: {
    table: "public.inventory_items",
    movements: "inventory_item_id",
    balance: "available_stock",
  },
  rack_item: { table: "public.rack_items", movements: "rack_item_id", balance: "closing_stock" },
  contract: { table: "public.contracts" },
  rack_file: { table: "public.rack_files" },
  sop_record: { table: "public.sop_records" },
} as const satisfies Record<string, { table: string; movements?: string; balance?: string }>;

export type BringBackType = keyof typeof BRING_BACK;
export const canBringBack = (entity: string): entity is BringBackType => entity in BRING_BACK;

const MOVEMENTS = "public.stock_movements";

/** One COPY text field as its value: \N is null; backslash escapes undone. */
export function copyValue(field: string): string | null {
  if (field === "\\N") return null;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    const named: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v" };
    if (code in named) return named[code];
    if (code[0] === "x") return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return code;
  });
}

type Found = { table: string; columns: string[]; rows: (string | null)[][] };

/** The record's row and its movements in one backup (none: it is not in that backup). */
async function findIn(file: string, type: BringBackType, id: string) {
  const spec = BRING_BACK[type];
  const found: Found[] = [];
  await readBackup(file, async (table, columns, pieces) => {
    const column =
      table === spec.table ? "id" : table === MOVEMENTS && "movements" in spec ? spec.movements : null;
    const at = column ? columns.indexOf(column) : -1;
    const rows: (string | null)[][] = [];
    let rest = "";
    for await (const piece of pieces) {
      if (at === -1) continue;
      const lines = (rest + piece.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        const fields = line.split("\t");
        if (fields[at] === id) rows.push(fields.map(copyValue));
      }
    }
    if (rows.length > 0) found.push({ table, columns, rows });
  });
  return found;
}

export type BringBackOutcome =
  | { ok: true; backup: string; takenAt: Date; movements: number }
  | WordedRefusal<"present" | "taken" | "older-columns" | "not-kept">;

export async function bringBack(type: BringBackType, id: string, userId: string): Promise<BringBackOutcome> {
  const spec = BRING_BACK[type];
  const [present] = await db.execute(
    sql`select 1 from ${sql.raw(quoteName(spec.table))} where id::text = ${id}`,
  );
  if (present)
    return { ok: false, reason: "present", message: "This record exists: there is nothing to bring back." };
  const dir = backupDir(serverSettings());
  for (const backup of listBackups(dir)) {
    let found: Found[];
    try {
      found = await findIn(`${dir}/${backup.name}`, type, id);
    } catch (error) {
      if (error instanceof BackupRefused) continue;
      throw error;
    }
    const record = found.find((part) => part.table === spec.table);
    if (!record) continue;
    const movements = found.find((part) => part.table === MOVEMENTS);
    try {
      await db.transaction(async (tx) => {
        for (const part of [record, ...(movements ? [movements] : [])]) {
          const columns = sql.raw(part.columns.map((column) => quoteName(column)).join(", "));
          // A reversal points at the issue it takes back: the movements it may point at go first.
          const reverses = part.columns.indexOf("reverses_id");
          const rows = [...part.rows].sort(
            (a, b) => Number(a[reverses] != null) - Number(b[reverses] != null),
          );
          for (let start = 0; start < rows.length; start += 500) {
            const values = sql.join(
              rows.slice(start, start + 500).map(
                (row) =>
                  sql`(${sql.join(
                    row.map((value): SQL => (value === null ? sql`null` : sql`${value}`)),
                    sql`, `,
                  )})`,
              ),
              sql`, `,
            );
            await tx.execute(
              sql`insert into ${sql.raw(quoteName(part.table))} (${columns}) values ${values}`,
            );
          }
        }
        if ("balance" in spec)
          await tx.execute(sql`update ${sql.raw(quoteName(spec.table))} set ${sql.raw(spec.balance)} =
            (select coalesce(sum(quantity), 0) from stock_movements where ${sql.raw(spec.movements)} = ${id}::uuid)
            where id = ${id}::uuid`);
        const after = Object.fromEntries(
          record.columns.map((column, index) => [column, record.rows[0][index]]),
        );
        await audit(tx, {
          userId,
          action: "create",
          entity: type,
          entityId: id,
          after: { ...after, broughtBackFrom: backup.name, stockMovements: movements?.rows.length ?? 0 },
        });
      });
    } catch (error) {
      const code =
        (error as { cause?: { code?: string }; code?: string }).cause?.code ??
        (error as { code?: string }).code;
      if (isUniqueViolation(error))
        return {
          ok: false,
          reason: "taken",
          message: "Another record now has this one's number or key: change or delete it first.",
        };
      if (code === "42703")
        return {
          ok: false,
          reason: "older-columns",
          message: "The backup that holds it is from an older PlantOps whose columns differ.",
        };
      throw error;
    }
    return { ok: true, backup: backup.name, takenAt: backup.takenAt, movements: movements?.rows.length ?? 0 };
  }
  return {
    ok: false,
    reason: "not-kept",
    message: "No kept backup holds this record (it was added after the last backup).",
  };
}
