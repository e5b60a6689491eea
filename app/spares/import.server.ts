import { eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { insertAll, plantToday } from "#app/db/records.server.ts";
import { importColumns, wireName } from "#app/lib/record.ts";
import { SPARES_COLUMNS } from "#app/spares/export.server.ts";
import {
  DERIVED,
  fromSparesWire,
  type SparesFields,
  sparesRecord,
  toSparesWire,
} from "#app/spares/record.ts";
import { type Department, orderStatusOf } from "#app/spares/rules.ts";
import { lineSchema } from "#app/spares/schema.ts";
import { sparesStockHolder } from "#app/spares/stock.server.ts";
import { lineFieldColumns, inventoryItems as t } from "#app/spares/table.server.ts";
import { type ImportKind, ImportRefused, type Stored, type Values } from "#app/spreadsheets/import-kind.ts";
import { lockedStock, versionedRecords, writeOver } from "#app/spreadsheets/import-records.server.ts";
import {
  type MovementInput,
  movementCountsOf,
  recordMovement,
  recordOpenings,
} from "#app/stock/journal.server.ts";
import { toThousandths } from "#app/stock/rules.ts";

// A department's spares lines. Natural key: the department (the page's) + Serial Number.
// Available stock is the stock ledger's cache (app/stock/journal.server.ts writes it), so the
// import never writes it: a new line's figure is its opening movement, a changed figure a stock
// count dated the plant's today, and undo counts the stock back, all in the import's transaction.

const toValues = (row: SparesFields): Values => ({
  ...toSparesWire({
    ...row,
    availableStock: Number(row.availableStock),
    minStock: Number(row.minStock),
    leadTimeDays: Number(row.leadTimeDays),
  }),
  StatusofOrder: orderStatusOf(Number(row.availableStock), Number(row.minStock)),
});

/**
 * The columns the import writes itself: every one but the available stock (the ledger's) and the
 * status of order (derived from the stock, never stored).
 */
const toColumns = (values: Values) => {
  const { availableStock: _ledgers, ...columns } = fromSparesWire({
    srno: Number(values.srno),
    Assets: String(values.Assets),
    ComponentsAndEquipments: String(values.ComponentsAndEquipments),
    AvailableStock: Number(values.AvailableStock),
    MinStock: Number(values.MinStock),
    LeadTime: Number(values.LeadTime),
  });
  return columns;
};

const sameStock = (a: unknown, b: unknown) => toThousandths(Number(a)) === toThousandths(Number(b));

/** One movement of the line through the ledger; a refusal ends the whole import with its message. */
async function move(tx: Tx, id: string, srno: unknown, input: MovementInput, userId: string) {
  const outcome = await recordMovement(tx, sparesStockHolder, id, input, userId);
  if (!outcome.ok) throw new ImportRefused(`Serial Number ${srno}: ${outcome.message}`);
}

export function sparesKind(department: Department): ImportKind {
  return {
    id: `spares:${department}`,
    title: `${department} spare parts`,
    area: "spares",
    listHref: `/products/${department}`,
    uploadHref: `/import/products/${department}`,
    fileStem: department,
    template: SPARES_COLUMNS,
    keyLabel: "Serial Number",
    keyField: "srno",
    notes: [
      "Available stock goes through the stock ledger: a new line's figure is its opening stock, a changed figure a stock count dated today.",
      "Excess/Short Fall and Status of Order are worked out from the stock (they may be left out; what the file says in them is not read): Order to place when Available stock − Min Stock is 0 or less, else Available.",
    ],
    // Values keep the legacy names the line's form and schema read (and stored imports hold).
    columns: [
      ...importColumns(sparesRecord).map((column) => ({
        ...column,
        field: wireName(sparesRecord, column.field),
      })),
      // Written by the export, recomputed from the two stock figures: never read.
      { header: DERIVED.shortfall.label, required: false },
      { header: DERIVED.status.label, required: false },
    ],
    check(texts) {
      const parsed = lineSchema.safeParse(texts);
      if (parsed.success) {
        const { version: _version, ...values } = parsed.data;
        const { StatusofOrder: _derived, ...read } = values;
        return { ok: true, values: read };
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
        .select({ id: t.id, version: t.version, ...lineFieldColumns })
        .from(t)
        .where(eq(t.department, department));
      return new Map(
        rows.map((row): [string, Stored] => [
          String(row.srno),
          { id: row.id, version: row.version, values: toValues(row) },
        ]),
      );
    },
    // The status the line will have after the import, derived from the file's figures as the
    // stored line's is from its stock (toValues): a status typed in the file never makes a change.
    resolve: (values) => ({
      ...values,
      StatusofOrder: orderStatusOf(Number(values.AvailableStock), Number(values.MinStock)),
    }),
    async insert(tx, rows, userId, source) {
      const ids = await insertAll(
        tx,
        t,
        // Stock 0 until the opening movement below, as createLine does.
        rows.map((values) => ({ department, ...toColumns(values), availableStock: 0 })),
        userId,
      );
      // The new lines' figures as opening movements, written in bulk (an import may bring 50,000).
      const openings = rows
        .map((values, index) => ({ id: ids[index], quantity: Number(values.AvailableStock) }))
        .filter((opening) => toThousandths(opening.quantity) > 0);
      const opened = await recordOpenings(
        tx,
        sparesStockHolder,
        openings,
        { movedOn: plantToday(), remark: `Imported from ${source.fileName}` },
        userId,
      );
      if (!opened.ok) throw new ImportRefused(opened.message);
      return ids;
    },
    async update(tx, stored, values, userId, source) {
      const current = await lockedStock(tx, t, t.availableStock, stored.id, stored.version);
      // A movement since the preview changes the stock without the version: stale as well.
      if (!current) return null;
      if ("AvailableStock" in stored.values && !sameStock(current.stock, stored.values.AvailableStock))
        return null;
      if (!sameStock(current.stock, values.AvailableStock)) {
        const counted = {
          kind: "count",
          movedOn: plantToday(),
          quantity: Number(values.AvailableStock),
          remark: `Imported from ${source.fileName}`,
        } as const;
        await move(tx, stored.id, values.srno, counted, userId);
      }
      return writeOver(tx, t, stored.id, toColumns(values), userId, stored.version);
    },
    ...versionedRecords(t),
    dependents: movementCountsOf("spare"),
    async restore(tx, id, values, userId, source) {
      const [current] = await tx.select({ availableStock: t.availableStock }).from(t).where(eq(t.id, id));
      // Undo runs only while the line has no movement since the import, so a count back to the
      // old figure leaves the stock as before the import; both counts stay on the stock card.
      if (current && !sameStock(current.availableStock, values.AvailableStock)) {
        const counted = {
          kind: "count",
          movedOn: plantToday(),
          quantity: Number(values.AvailableStock),
          remark: `Undid the import of ${source.fileName}`,
        } as const;
        await move(tx, id, values.srno, counted, userId);
      }
      await writeOver(tx, t, id, toColumns(values), userId);
    },
  };
}
