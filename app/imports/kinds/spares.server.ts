import { and, eq, inArray, sql } from "drizzle-orm";
import type { ImportKind, Stored, Values } from "#app/imports/kinds/types.ts";
import { type Department, resolveStatus } from "#app/inventory/rules.ts";
import { lineSchema } from "#app/inventory/schema.ts";
import { inventoryItems as t } from "#app/inventory/table.server.ts";

// A department's spares lines. Natural key: the department (the page's) + Serial Number.
// Available stock is a plain column today; once the stock ledger lands it is a movement.

const toValues = (row: {
  srno: number;
  assets: string;
  componentsAndEquipments: string;
  availableStock: number;
  minStock: number;
  leadTimeDays: number;
  statusOfOrder: string;
}): Values => ({
  srno: row.srno,
  Assets: row.assets,
  ComponentsAndEquipments: row.componentsAndEquipments,
  AvailableStock: Number(row.availableStock),
  MinStock: Number(row.minStock),
  LeadTime: Number(row.leadTimeDays),
  StatusofOrder: row.statusOfOrder,
});

const toColumns = (values: Values) => ({
  srno: Number(values.srno),
  assets: String(values.Assets),
  componentsAndEquipments: String(values.ComponentsAndEquipments),
  availableStock: Number(values.AvailableStock),
  minStock: Number(values.MinStock),
  leadTimeDays: Number(values.LeadTime),
  statusOfOrder: String(values.StatusofOrder ?? ""),
});

export function sparesKind(department: Department): ImportKind {
  return {
    id: `spares:${department}`,
    title: `${department} spare parts`,
    area: "spares",
    listHref: `/products/${department}`,
    uploadHref: `/import/products/${department}`,
    keyLabel: "Serial Number",
    keyField: "srno",
    columns: [
      { header: "Serial Number", field: "srno", required: true, kind: "number" },
      { header: "Assets", field: "Assets", required: true },
      { header: "Components/Equipments", field: "ComponentsAndEquipments", required: true },
      { header: "Available stock", field: "AvailableStock", required: true, kind: "number" },
      { header: "Min Stock", field: "MinStock", required: true, kind: "number" },
      { header: "Lead time", field: "LeadTime", required: true, kind: "number" },
      // Written by the export, recomputed from the two stock figures: never read.
      { header: "Excess/Short Fall", required: false },
      { header: "Status of Order", field: "StatusofOrder", required: false },
    ],
    check(texts) {
      const parsed = lineSchema.safeParse(texts);
      if (parsed.success) {
        const { version: _version, ...values } = parsed.data;
        return { ok: true, values: { ...values, StatusofOrder: values.StatusofOrder ?? "" } };
      }
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "srno");
        errors[field] ??= issue.message;
      }
      return { ok: false, errors };
    },
    keyOf: (values) => String(values.srno),
    async existing(db) {
      const rows = await db
        .select({
          id: t.id,
          version: t.version,
          srno: t.srno,
          assets: t.assets,
          componentsAndEquipments: t.componentsAndEquipments,
          availableStock: t.availableStock,
          minStock: t.minStock,
          leadTimeDays: t.leadTimeDays,
          statusOfOrder: t.statusOfOrder,
        })
        .from(t)
        .where(eq(t.department, department));
      return new Map(
        rows.map((row): [string, Stored] => [
          String(row.srno),
          { id: row.id, version: row.version, values: toValues(row) },
        ]),
      );
    },
    resolve(values, stored) {
      const next = {
        AvailableStock: Number(values.AvailableStock),
        MinStock: Number(values.MinStock),
        StatusofOrder: String(values.StatusofOrder ?? ""),
      };
      const before = stored
        ? {
            AvailableStock: Number(stored.AvailableStock),
            MinStock: Number(stored.MinStock),
            StatusofOrder: String(stored.StatusofOrder),
          }
        : undefined;
      return { ...values, StatusofOrder: resolveStatus(next, before) };
    },
    async insert(tx, rows, userId) {
      const ids: string[] = [];
      // In slices: one statement's parameters are capped at 65,535.
      for (let start = 0; start < rows.length; start += 1000) {
        const inserted = await tx
          .insert(t)
          .values(
            rows
              .slice(start, start + 1000)
              .map((values) => ({ department, ...toColumns(values), createdBy: userId, updatedBy: userId })),
          )
          .returning({ id: t.id });
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },
    async update(tx, stored, values, userId) {
      const [row] = await tx
        .update(t)
        .set({
          ...toColumns(values),
          updatedBy: userId,
          updatedAt: new Date(),
          version: sql`${t.version} + 1`,
        })
        .where(and(eq(t.id, stored.id), eq(t.version, stored.version)))
        .returning({ version: t.version });
      return row ? row.version : null;
    },
    async versions(tx, ids) {
      const found = new Map<string, number>();
      for (let start = 0; start < ids.length; start += 5000) {
        const rows = await tx
          .select({ id: t.id, version: t.version })
          .from(t)
          .where(inArray(t.id, ids.slice(start, start + 5000)));
        for (const row of rows) found.set(row.id, row.version);
      }
      return found;
    },
    async remove(tx, ids) {
      for (let start = 0; start < ids.length; start += 5000)
        await tx.delete(t).where(inArray(t.id, ids.slice(start, start + 5000)));
    },
    async restore(tx, id, values, userId) {
      await tx
        .update(t)
        .set({
          ...toColumns(values),
          updatedBy: userId,
          updatedAt: new Date(),
          version: sql`${t.version} + 1`,
        })
        .where(eq(t.id, id));
    },
  };
}
