import { eq } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { insertAll, plantToday } from "#app/db/records.server.ts";
import { importColumns } from "#app/lib/record.ts";
import {
  errorsByField,
  type ImportKind,
  ImportRefused,
  type Stored,
  storedByKey,
  type Values,
} from "#app/spreadsheets/import-kind.ts";
import { lockedStock, versionedRecords, writeOver } from "#app/spreadsheets/import-records.server.ts";
import { naturalKey } from "#app/spreadsheets/import-rules.ts";
import { type MovementInput, movementCountsOf, recordMovement } from "#app/stock/journal.server.ts";
import { toThousandths } from "#app/stock/rules.ts";
import { RACK_COLUMNS } from "#app/store-racks/export.server.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import {
  closingStock,
  formatQuantity,
  parseQuantity,
  parseRackNumber,
  RACK_COUNT,
} from "#app/store-racks/rules.ts";
import { rackItemApiSchema } from "#app/store-racks/schema.ts";
import { rackStockHolder } from "#app/store-racks/stock.server.ts";
import { rackItems as t } from "#app/store-racks/table.server.ts";

// The store racks' items (/about). Natural key: Rack + Material Name (case and spaces ignored):
// a rack holds a material once, whatever its section, so a row can move an item to another
// section but never to another rack (that is a new item there). rack_items has no unique key, so
// two stored items with the same key are reported, never guessed between.
//
// The figures are the export's: this month's Available Stock, Issue and Receipt, checked with the
// rack forms' schema (its messages, and closing never below zero). The item's stock is their
// result, Available + Receipt − Issue, as the forms compute Closing Stock; it goes through the
// stock ledger as the spares' does: a new item's stock is its opening movement, a changed stock a
// count dated the plant's today, and undo counts it back. A Closing Stock cell is never read as a
// figure: when filled in it must agree with the other three (so a count typed only there is
// reported, not silently dropped).

const KIND_ID = "rack-items";

const messages = {
  rackRequired: "Rack is required.",
  rack: `Rack must be a rack number from 1 to ${RACK_COUNT}.`,
  closingNumber: "Closing stock must be a number.",
  closingMismatch: (computed: number) =>
    `Closing Stock is worked out as Available Stock + Receipt − Issue (${formatQuantity(computed)}): change those figures, or leave Closing Stock blank.`,
};

const sameStock = (a: unknown, b: unknown) => toThousandths(Number(a)) === toThousandths(Number(b));

/** One movement of the item through the ledger; a refusal ends the whole import with its message. */
async function move(tx: Tx, id: string, values: Values, input: MovementInput, userId: string) {
  const outcome = await recordMovement(tx, rackStockHolder, id, input, userId);
  if (!outcome.ok)
    throw new ImportRefused(`Rack ${values.rackNumber}, ${values.materialName}: ${outcome.message}`);
}

/** The fields an import writes itself; the figures go through the ledger (move). */
const namesOf = (values: Values) => ({
  section: String(values.section),
  materialName: String(values.materialName),
});

const countTo = (quantity: number, remark: string): MovementInput => ({
  kind: "count",
  movedOn: plantToday(),
  quantity,
  remark,
});

export const rackItemsKind: ImportKind = {
  id: KIND_ID,
  title: "Store Racks",
  area: "racks",
  listHref: "/about",
  uploadHref: `/import/${KIND_ID}`,
  fileStem: "store-racks",
  template: RACK_COLUMNS,
  keyLabel: "Rack + Material Name",
  keyField: "materialName",
  notes: [
    "One sheet or several (the export has a sheet per rack): the Rack column says where each row goes.",
    "The stock is Available Stock + Receipt − Issue (this month's figures, as the export writes them): a new item's stock is its opening stock, a changed stock a stock count dated today, both in the stock ledger.",
    "Closing Stock may be left blank; when filled in it must agree with the other three figures.",
  ],
  columns: importColumns(rackItemRecord),
  check(texts) {
    const errors: Record<string, string> = {};
    const rack = parseRackNumber(texts.rackNumber.replace(/\s+/g, ""));
    if (rack === null) errors.rackNumber = texts.rackNumber ? messages.rack : messages.rackRequired;
    const parsed = rackItemApiSchema.safeParse({
      section: texts.section,
      materialName: texts.materialName,
      availableStock: texts.availableStock,
      issue: texts.issue,
      receit: texts.receipt,
    });
    if (!parsed.success)
      Object.assign(errors, errorsByField(parsed.error.issues, "availableStock", { receit: "receipt" }));
    if (!parsed.success || rack === null) return { ok: false, errors };
    const { availableStock, issue, receit, section, materialName } = parsed.data;
    const stock = closingStock({ availableStock, issue, receipt: receit });
    const typed = parseQuantity(texts.closingStock);
    if (typed.kind === "invalid") return { ok: false, errors: { closingStock: messages.closingNumber } };
    if (typed.kind === "ok" && !sameStock(typed.value, stock))
      return { ok: false, errors: { closingStock: messages.closingMismatch(stock) } };
    return { ok: true, values: { rackNumber: rack, section, materialName, closingStock: stock } };
  },
  keyOf: (values) => naturalKey(values.rackNumber, values.materialName),
  async existing(db) {
    const rows = await db
      .select({
        id: t.id,
        version: t.version,
        rackNumber: t.rackNumber,
        section: t.section,
        materialName: t.materialName,
        closingStock: t.closingStock,
      })
      .from(t)
      .orderBy(t.createdAt, t.id);
    return storedByKey(
      rows.map((row): [string, Stored] => [
        naturalKey(row.rackNumber, row.materialName),
        {
          id: row.id,
          version: row.version,
          values: {
            rackNumber: row.rackNumber,
            section: row.section,
            materialName: row.materialName,
            closingStock: Number(row.closingStock),
          },
        },
      ]),
    );
  },
  resolve: (values) => values,
  async insert(tx, rows, userId, source) {
    const ids = await insertAll(
      tx,
      t,
      rows.map((values) => ({
        rackNumber: Number(values.rackNumber),
        ...namesOf(values),
        // The figure the item was put in with; its stock is the opening movement below.
        availableStock: Number(values.closingStock),
        closingStock: 0,
      })),
      userId,
    );
    const movedOn = plantToday();
    for (const [index, values] of rows.entries()) {
      const quantity = Number(values.closingStock);
      if (toThousandths(quantity) <= 0) continue;
      const opening = {
        kind: "opening",
        movedOn,
        quantity,
        remark: `Imported from ${source.fileName}`,
      } as const;
      await move(tx, ids[index], values, opening, userId);
    }
    return ids;
  },
  async update(tx, stored, values, userId, source) {
    const current = await lockedStock(tx, t, t.closingStock, stored.id, stored.version);
    // A movement since the preview changes the stock without the version: stale as well.
    if (!current || !sameStock(current.stock, stored.values.closingStock)) return null;
    if (!sameStock(current.stock, values.closingStock))
      await move(
        tx,
        stored.id,
        values,
        countTo(Number(values.closingStock), `Imported from ${source.fileName}`),
        userId,
      );
    return writeOver(tx, t, stored.id, namesOf(values), userId, stored.version);
  },
  ...versionedRecords(t),
  dependents: movementCountsOf("rack"),
  async restore(tx, id, values, userId, source) {
    const [current] = await tx.select({ closingStock: t.closingStock }).from(t).where(eq(t.id, id));
    // Undo runs only while the item has no movement since the import: a count back to the old
    // figure leaves the stock as before; both counts stay on the stock card.
    if (current && !sameStock(current.closingStock, values.closingStock))
      await move(
        tx,
        id,
        values,
        countTo(Number(values.closingStock), `Undid the import of ${source.fileName}`),
        userId,
      );
    await writeOver(tx, t, id, namesOf(values), userId);
  },
};
