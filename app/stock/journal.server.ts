import { and, asc, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias, type PgTable } from "drizzle-orm/pg-core";
import { audit, auditMany } from "#app/audit/log.server.ts";
import { personNameById } from "#app/auth/people.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { addDays } from "#app/lib/dates.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { movementCounts } from "#app/spreadsheets/import-records.server.ts";
import { isRecordId, type StockItemRef, type StockItemType } from "#app/stock/item.ts";
import {
  belowZeroProblem,
  dateProblem,
  type EnteredKind,
  figuresFromThousandths,
  fromThousandths,
  type LedgerEntry,
  type MovementKind,
  messages,
  type PeriodFigures,
  signedChange,
  stockOn as stockOnEntries,
  toThousandths,
  withRunningBalance,
} from "#app/stock/rules.ts";
import { stockMovements as m } from "#app/stock/table.server.ts";

/**
 * The kind a movement counts under in a period's figures: a reversal under the kind it reverses
 * (looked up by key, and only for reversals), any other movement under its own. A join to the
 * reversed movement instead cost a probe, or a hash of the whole ledger, for every movement.
 */
export const countedKind = sql<string>`(case when ${m.kind} = 'reversal' then (select reversed.kind from ${m} reversed where reversed.id = ${m.reversesId}) else ${m.kind} end)`;

/**
 * A movement that counts as issued: an issue, or the reversal of one (which counts under the kind
 * it reverses, with the opposite sign). The reversed movement's kind is looked up by its key, and
 * only for reversals: a join to the ledger hashed every movement on each call, and a lookup for
 * every movement cost a probe per row (figures: docs/performance.md, the charts).
 */
export const countsAsIssue = sql`(${m.kind} = 'issue' or (${m.kind} = 'reversal' and (select reversed.kind from ${m} reversed where reversed.id = ${m.reversesId}) = 'issue'))`;

// The stock journal on the server (issue 17). Every movement is written here and only here: the
// row lock on the item serialises two people moving the same item, the rules run against the
// item's movements as they are once the lock is held, and the item's cached balance
// (rack_items.closing_stock, inventory_items.available_stock) is rewritten in the same
// transaction, so the cache always equals the sum of the item's movements.
//
// The journal sits below the features whose items move: a feature hands it its StockHolder (its
// table's key and balance, and its own commands to lock and rewrite them), so the journal imports
// no feature. The ledger's pages bind both holders by item type (app/ledger/movements.server.ts).

const ENTITY = "stock_movement";

/** What a person enters. For a count, `quantity` is the counted figure. */
export type MovementInput = {
  kind: EnteredKind;
  movedOn: string;
  quantity: number;
  reference?: string | null;
  party?: string | null;
  remark?: string | null;
};

/** A movement as the pages and the API show it. */
export type Movement = {
  id: string;
  item: StockItemRef;
  movedOn: string;
  kind: MovementKind;
  quantity: number;
  counted: number | null;
  reference: string | null;
  party: string | null;
  remark: string | null;
  reversesId: string | null;
  createdAt: string;
  createdBy: string | null;
};

/** The form field a refused movement is about (its message is shown under it). */
export type MovementField = "movedOn" | "quantity";
/** Why a movement is refused: a date after today, no such item, or stock below zero on some date. */
export type MovementRefusal = "date" | "not-found" | "below-zero";
export type MovementOutcome =
  | { ok: true; movement: Movement }
  | (WordedRefusal<MovementRefusal> & { field?: MovementField });
/** Why a reversal is refused: no such movement, a reversal itself, reversed already, or below zero. */
export type ReversalRefusal = "not-found" | "reversal" | "already-reversed" | "below-zero";
export type ReversalOutcome = { ok: true; movement: Movement } | WordedRefusal<ReversalRefusal>;

type MovementRow = typeof m.$inferSelect;

function toMovement(row: MovementRow): Movement {
  return {
    id: row.id,
    item: row.rackItemId
      ? { type: "rack", id: row.rackItemId }
      : { type: "spare", id: row.inventoryItemId ?? "" },
    movedOn: row.movedOn,
    kind: row.kind,
    quantity: row.quantity,
    counted: row.counted,
    reference: row.reference,
    party: row.party,
    remark: row.remark,
    reversesId: row.reversesId,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

const itemColumn = (type: StockItemType) => (type === "rack" ? m.rackItemId : m.inventoryItemId);
const ofItem = (item: StockItemRef) => eq(itemColumn(item.type), item.id);

/**
 * The items of one type as their feature hands them to the journal (app/spares/stock.server.ts,
 * app/store-racks/stock.server.ts): the row it locks to serialise two people moving the same
 * item, the key its movements point at, the cached balance its figures start from, and the
 * feature's own commands on them (app/db/stock-cache.server.ts), so the table never leaves it.
 */
export type StockHolder = {
  type: StockItemType;
  table: PgTable;
  id: AnyPgColumn;
  balance: AnyPgColumn;
  lock: (tx: Tx, ids: readonly string[]) => Promise<string[]>;
  rewrite: (tx: Tx, ids: readonly string[], stockOf: (id: AnyPgColumn) => SQL) => Promise<void>;
};

/** A holder whose items belong to a department (the spares lines: Today's and the cover's sums). */
export type DepartmentStockHolder = StockHolder & { department: AnyPgColumn };

/** The holder of each item type (what the ledger's pages bind: they move both kinds of item). */
export type StockHolders = (type: StockItemType) => StockHolder;

const itemOf = (holder: StockHolder, id: string): StockItemRef => ({ type: holder.type, id });

/** Locks the item's row for the rest of the transaction; false when there is no such item. */
async function lockItem(tx: Tx, holder: StockHolder, item: StockItemRef): Promise<boolean> {
  if (!isRecordId(item.id)) return false;
  return (await holder.lock(tx, [item.id])).length > 0;
}

/** How many movements each of these items has (an import's undo refuses an item that moved since). */
export const movementCountsOf = (type: StockItemType) => movementCounts(m, itemColumn(type));

/** The movement a reversal takes back (joined on `reverses_id`). */
const reversed = alias(m, "reversed");

/** The item's movements as the rules need them (the reversed kind of each reversal included). */
async function ledgerEntries(tx: Tx, item: StockItemRef): Promise<LedgerEntry[]> {
  const rows = await tx
    .select({
      movedOn: m.movedOn,
      quantity: m.quantity,
      kind: m.kind,
      reversedKind: sql<EnteredKind | null>`${reversed.kind}`,
    })
    .from(m)
    .leftJoin(reversed, eq(reversed.id, m.reversesId))
    .where(ofItem(item))
    .orderBy(asc(m.movedOn), asc(m.id));
  return rows;
}

/** Rewrites the item's cached balance from its movements (inside the movement's transaction). */
async function refreshCachedBalance(tx: Tx, holder: StockHolder, item: StockItemRef) {
  await holder.rewrite(
    tx,
    [item.id],
    () => sql`(select coalesce(sum(${m.quantity}), 0) from ${m} where ${ofItem(item)})`,
  );
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Records one movement of one item. Checks the date (not after the plant's today), and that the
 * stock stays ≥ 0 on the movement's date and every later date; inserts it, keeps the cached
 * balance in step and audits, all in one transaction (a savepoint when `db` is already one, but
 * in an import's confirmation: app/db/one-transaction.server.ts).
 */
export async function recordMovement(
  db: Tx,
  holder: StockHolder,
  id: string,
  input: MovementInput,
  userId: string | null,
  options: { today?: string } = {},
): Promise<MovementOutcome> {
  return recordChange(db, holder, id, input, userId, options.today, (entries) =>
    signedChange(entries, input),
  );
}

/**
 * Records a signed correction of one kind (the legacy APIs' "new figures": a receipt of −2 when
 * the receipt typed went from 5 to 3), under the same checks as any movement. For a count, the
 * counted figure is the stock on its date after the change.
 */
export async function recordAdjustment(
  db: Tx,
  holder: StockHolder,
  id: string,
  input: { kind: "receipt" | "issue" | "count"; movedOn: string; change: number; remark?: string | null },
  userId: string | null,
  options: { today?: string } = {},
): Promise<MovementOutcome> {
  return recordChange(db, holder, id, { ...input, quantity: 0 }, userId, options.today, () => input.change);
}

async function recordChange(
  db: Tx,
  holder: StockHolder,
  id: string,
  input: MovementInput,
  userId: string | null,
  today: string | undefined,
  changeOf: (entries: LedgerEntry[]) => number,
): Promise<MovementOutcome> {
  const problem = dateProblem(input.movedOn, today ?? plantToday());
  if (problem) return { ok: false, reason: "date", message: problem, field: "movedOn" };
  const item = itemOf(holder, id);
  return db.transaction(async (tx) => {
    if (!(await lockItem(tx, holder, item))) {
      return { ok: false, reason: "not-found", message: messages.itemNotFound } as const;
    }
    const entries = await ledgerEntries(tx, item);
    const quantity = changeOf(entries);
    const refused = belowZeroProblem(entries, { movedOn: input.movedOn, quantity });
    if (refused) return { ok: false, reason: "below-zero", message: refused, field: "quantity" } as const;
    const counted =
      input.kind === "count"
        ? fromThousandths(toThousandths(stockOnEntries(entries, input.movedOn)) + toThousandths(quantity))
        : null;
    return insertMovement(tx, holder, item, userId, {
      movedOn: input.movedOn,
      kind: input.kind,
      quantity,
      counted,
      reference: blankToNull(input.reference),
      party: blankToNull(input.party),
      remark: blankToNull(input.remark),
    });
  });
}

/**
 * Writes a movement of a locked item, checked: its row, the item's cached balance kept in step
 * and the audit entry, in the caller's transaction.
 */
async function insertMovement(
  tx: Tx,
  holder: StockHolder,
  item: StockItemRef,
  userId: string | null,
  values: Omit<typeof m.$inferInsert, "rackItemId" | "inventoryItemId" | "createdBy">,
) {
  const [row] = await tx
    .insert(m)
    .values({
      rackItemId: item.type === "rack" ? item.id : null,
      inventoryItemId: item.type === "spare" ? item.id : null,
      ...values,
      createdBy: userId,
    })
    .returning();
  await refreshCachedBalance(tx, holder, item);
  const movement = toMovement(row);
  await audit(tx, { userId, action: "create", entity: ENTITY, entityId: row.id, after: movement });
  return { ok: true, movement } as const;
}

/**
 * The opening movements of many new spares lines at once (an import's new lines): the same checks
 * as `recordMovement` (the date; a positive figure; a line with no movement yet, so nothing
 * later can go below zero), in a few statements instead of a few per line. The lines are locked,
 * their cached balance rewritten and every movement audited, in the caller's transaction.
 */
export async function recordOpenings(
  db: Tx,
  holder: StockHolder,
  openings: { id: string; quantity: number }[],
  input: { movedOn: string; remark?: string | null },
  userId: string | null,
  options: { today?: string } = {},
): Promise<{ ok: true; count: number } | WordedRefusal<OpeningsRefusal>> {
  const problem = dateProblem(input.movedOn, options.today ?? plantToday());
  if (problem) return { ok: false, reason: "date", message: problem };
  if (openings.some((o) => !isRecordId(o.id)))
    return { ok: false, reason: "not-found", message: messages.itemNotFound };
  if (openings.some((o) => toThousandths(o.quantity) <= 0))
    return {
      ok: false,
      reason: "not-positive",
      message: "An opening stock is more than 0 (a line without stock needs none).",
    };
  try {
    return await writeOpenings(db, holder, openings, input, userId);
  } catch (error) {
    if (error instanceof OpeningRefused) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}

/** Why openings are refused: a date after today, a line gone, a figure not above 0, a line already moved. */
type OpeningsRefusal = "date" | "not-found" | "not-positive" | "moved";

class OpeningRefused extends Error {
  constructor(
    readonly reason: OpeningsRefusal,
    message: string,
  ) {
    super(message);
  }
}

function writeOpenings(
  db: Tx,
  holder: StockHolder,
  openings: { id: string; quantity: number }[],
  input: { movedOn: string; remark?: string | null },
  userId: string | null,
) {
  return db.transaction(async (tx) => {
    // In slices: one statement's parameters are capped at 65,535. The audit entries are written
    // after every movement: until the import's transaction commits, every other person's Today
    // counts the uncommitted audit rows in its range ("changes since your last visit", 0.4 → 43 ms
    // a request while 19,000 waited: docs/performance.md, "A large import's confirmation off the
    // pages' way"), so they wait the shortest time written last. Meanwhile only the movements'
    // records are kept (some 8 MB for 16,000), not the statements' rows.
    const written: Movement[] = [];
    for (let start = 0; start < openings.length; start += 1000) {
      const slice = openings.slice(start, start + 1000);
      const ids = slice.map((o) => o.id);
      const locked = await holder.lock(tx, ids);
      if (locked.length !== new Set(ids).size) throw new OpeningRefused("not-found", messages.itemNotFound);
      const [moved] = await tx
        .select({ id: m.inventoryItemId })
        .from(m)
        .where(inArray(m.inventoryItemId, ids))
        .limit(1);
      if (moved) throw new OpeningRefused("moved", "An opening stock is only for a line without movements.");
      const rows = await tx
        .insert(m)
        .values(
          slice.map((o) => ({
            inventoryItemId: o.id,
            movedOn: input.movedOn,
            kind: "opening" as const,
            quantity: o.quantity,
            remark: blankToNull(input.remark),
            createdBy: userId,
          })),
        )
        .returning();
      await holder.rewrite(
        tx,
        ids,
        (id) => sql`(select coalesce(sum(${m.quantity}), 0) from ${m} where ${m.inventoryItemId} = ${id})`,
      );
      written.push(...rows.map(toMovement));
    }
    await auditMany(
      tx,
      written.map((movement) => ({
        userId,
        action: "create",
        entity: ENTITY,
        entityId: movement.id,
        after: movement,
      })),
    );
    return { ok: true as const, count: written.length };
  });
}

/** The movement with this id, or null (an id that cannot be one is not found). */
export async function findMovement(db: Tx, movementId: string): Promise<Movement | null> {
  if (!isRecordId(movementId)) return null;
  const [row] = await db.select().from(m).where(eq(m.id, movementId));
  return row ? toMovement(row) : null;
}

/**
 * Reverses a wrong movement: a `reversal` dated the same day that takes back exactly its change,
 * so the stock on every date is as if it had never been entered; both stay on the stock card.
 * A movement is reversed at most once; a reversal is not reversed (enter a new movement); a
 * reversal that would take the stock below zero on any date (a receipt already issued) is refused.
 */
export async function reverseMovement(
  db: Tx,
  holders: StockHolders,
  movementId: string,
  userId: string | null,
  remark?: string | null,
): Promise<ReversalOutcome> {
  const original = await findMovement(db, movementId);
  if (!original) return { ok: false, reason: "not-found", message: messages.movementNotFound };
  if (original.kind === "reversal") {
    return { ok: false, reason: "reversal", message: messages.reversalNotReversible };
  }
  const item = original.item;
  const holder = holders(item.type);
  return db.transaction(async (tx) => {
    if (!(await lockItem(tx, holder, item))) {
      return { ok: false, reason: "not-found", message: messages.movementNotFound } as const;
    }
    const [already] = await tx.select({ id: m.id }).from(m).where(eq(m.reversesId, original.id));
    if (already) return { ok: false, reason: "already-reversed", message: messages.alreadyReversed } as const;
    const quantity = fromThousandths(-toThousandths(original.quantity));
    const refused = belowZeroProblem(await ledgerEntries(tx, item), { movedOn: original.movedOn, quantity });
    if (refused) return { ok: false, reason: "below-zero", message: refused } as const;
    return insertMovement(tx, holder, item, userId, {
      movedOn: original.movedOn,
      kind: "reversal",
      quantity,
      reference: original.reference,
      party: original.party,
      remark: blankToNull(remark),
      reversesId: original.id,
    });
  });
}

/** The item's stock at the end of a date. */
export async function stockOn(db: Tx, item: StockItemRef, date: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${m.quantity}), 0)` })
    .from(m)
    .where(and(ofItem(item), lte(m.movedOn, date)));
  return fromThousandths(toThousandths(Number(row?.total ?? 0)));
}

/** How far back a period may begin and still be read from the cached balance (see below). */
export const CACHED_OPENING_DAYS = 365;

/**
 * The period figures of every item of a type (or of `ids`), as a query to run or to join
 * (`.as("figures")`: the racks list sorts on them). Sums are numerics; a reversal counts under the
 * kind it reverses, on its own date.
 *
 * A recent period (the racks page's default is this month) reads only the movements from `from`
 * on (the moved_on index): the item's cached balance is the sum of ALL its movements (kept so in
 * every movement's transaction), so the stock before `from` is that balance less what moved
 * since. A period that began more than a year ago reads the movements up to `to` instead and sums
 * the opening from them, as reading everything since would cost more. Both give the same figures
 * (tests/integration/ledger-figures.test.ts). The stock report reads its figures from the cached
 * balance too (app/ledger/report/queries.server.ts).
 */
export function periodFiguresQuery(
  db: Tx,
  holder: StockHolder,
  from: string,
  to: string,
  ids?: readonly string[],
) {
  const column = itemColumn(holder.type);
  const { table: items, id: itemId, balance } = holder;
  const fromCache = from >= addDays(plantToday(), -CACHED_OPENING_DAYS);
  const kind = sql`coalesce(${reversed.kind}, ${m.kind})`;
  const inPeriod = (k: EnteredKind) =>
    sql`${fromCache ? lte(m.movedOn, to) : gte(m.movedOn, from)} and ${kind} = ${k}`;
  const sum = (name: string, filter: SQL, sign = sql``) =>
    sql<string>`coalesce(${sign}sum(${m.quantity}) filter (where ${filter}), 0)`.as(name);
  const read = db
    .select({
      itemId: sql<string>`${column}`.as("moved_item_id"),
      // From the cache: all that moved since `from`; else: all that moved before it.
      base: fromCache ? sql<string>`sum(${m.quantity})`.as("base") : sum("base", lt(m.movedOn, from)),
      openings: sum("openings", inPeriod("opening")),
      receipts: sum("receipts", inPeriod("receipt")),
      issues: sum("issues", inPeriod("issue"), sql`-`),
      counts: sum("counts", inPeriod("count")),
    })
    .from(m)
    .leftJoin(reversed, eq(reversed.id, m.reversesId))
    .where(
      and(
        isNotNull(column),
        fromCache ? gte(m.movedOn, from) : lte(m.movedOn, to),
        ids ? inArray(column, [...ids]) : undefined,
      ),
    )
    .groupBy(column)
    .as("moved");
  const opening = fromCache
    ? sql<string>`(${balance} - coalesce(${read.base}, 0))`
    : sql<string>`coalesce(${read.base}, 0)`;
  return db
    .select({
      itemId: sql<string>`${itemId}`.as("item_id"),
      opening: opening.as("opening"),
      openings: sql<string>`coalesce(${read.openings}, 0)`.as("openings"),
      receipts: sql<string>`coalesce(${read.receipts}, 0)`.as("receipts"),
      issues: sql<string>`coalesce(${read.issues}, 0)`.as("issues"),
      counts: sql<string>`coalesce(${read.counts}, 0)`.as("counts"),
    })
    .from(items)
    .leftJoin(read, eq(read.itemId, itemId))
    .where(ids ? inArray(itemId, [...ids]) : undefined);
}

const thousandthsOfText = (value: string | number | null) => toThousandths(Number(value ?? 0));

/**
 * The period figures of many items of one type in one query (the racks page's legacy API).
 * `ids: "all"` takes every item of the type. An id that names no item is not in the map.
 */
export async function periodFigures(
  db: Tx,
  holder: StockHolder,
  ids: readonly string[] | "all",
  from: string,
  to: string,
): Promise<Map<string, PeriodFigures>> {
  const wanted = ids === "all" ? [] : ids.filter((id) => isRecordId(id));
  if (ids !== "all" && wanted.length === 0) return new Map();
  const rows = await periodFiguresQuery(db, holder, from, to, ids === "all" ? undefined : wanted);
  return new Map(
    rows.map((row) => [
      row.itemId,
      figuresFromThousandths({
        opening: thousandthsOfText(row.opening),
        openings: thousandthsOfText(row.openings),
        receipts: thousandthsOfText(row.receipts),
        issues: thousandthsOfText(row.issues),
        counts: thousandthsOfText(row.counts),
      }),
    ]),
  );
}

export const ZERO_FIGURES: PeriodFigures = {
  opening: 0,
  openings: 0,
  receipts: 0,
  issues: 0,
  counts: 0,
  closing: 0,
};

/** One line of a stock card. */
export type StockCardRow = Movement & {
  balance: number;
  enteredBy: string | null;
  /** For a reversal: the kind of the movement it takes back (never itself a reversal). */
  reversedKind: EnteredKind | null;
  /** The reversal that took this movement back, when there is one. */
  reversedBy: { id: string; createdAt: string } | null;
};

/** Which page of the card to show; "last" is the newest movements (what a storekeeper looks at). */
export type CardPaging = { page: number | "last"; size: number };

export type StockCard = {
  from: string | null;
  to: string | null;
  /** The stock at the start of the range (0 without `from`). */
  opening: number;
  /** The balance before the first row shown: `opening` on the first page (or unpaged). */
  broughtForward: number;
  rows: StockCardRow[];
  /** The stock at the end of the range (whatever page is shown). */
  closing: number;
  /** The page shown, and the number of movements in the whole range; null when unpaged. */
  paging: { page: number; size: number; total: number } | null;
};

/** The movement that reversed a row (reverses_id is unique: at most one). */
const reversal = alias(m, "reversal");

/**
 * The item's movements in date order with their running balance, optionally from..to. With
 * `paging`, one page of them (a page past the end shows the last), its balance carried from the
 * sum of the movements before it; without, the whole range (the print view and the API).
 */
export async function stockCard(
  db: Tx,
  item: StockItemRef,
  range: { from?: string | null; to?: string | null } = {},
  paging?: CardPaging,
): Promise<StockCard> {
  const from = range.from ?? null;
  const to = range.to ?? null;
  // One pass over the item's movements up to `to`: the stock before the range, at its end, and
  // how many movements the range holds.
  const [sums] = await db
    .select({
      before: sql<string>`coalesce(sum(${m.quantity}) filter (where ${from ? lt(m.movedOn, from) : sql`false`}), 0)`,
      closing: sql<string>`coalesce(sum(${m.quantity}), 0)`,
      total: sql<number>`count(*) filter (where ${from ? gte(m.movedOn, from) : sql`true`})`.mapWith(Number),
    })
    .from(m)
    .where(and(ofItem(item), to ? lte(m.movedOn, to) : undefined));
  const opening = quantityOf(sums?.before);
  const closing = quantityOf(sums?.closing);
  const total = sums?.total ?? 0;
  const inRange = and(
    ofItem(item),
    from ? gte(m.movedOn, from) : undefined,
    to ? lte(m.movedOn, to) : undefined,
  );
  const order = [asc(m.movedOn), asc(m.id)];

  let window: { limit: number; offset: number } | null = null;
  let shown: StockCard["paging"] = null;
  if (paging) {
    const pages = Math.max(1, Math.ceil(total / paging.size));
    const page = paging.page === "last" ? pages : Math.min(Math.max(1, paging.page), pages);
    window = { limit: paging.size, offset: (page - 1) * paging.size };
    shown = { page, size: paging.size, total };
  }

  // The page's rows: their ids first (the item's index alone), then the rows with who entered
  // them and their reversal, for those ids only.
  const ids = window
    ? db
        .select({ id: m.id })
        .from(m)
        .where(inRange)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset)
    : undefined;
  const rowsQuery = db
    .select({
      row: m,
      enteredBy: personNameById(m.createdBy),
      reversedKind: reversed.kind,
      reversalId: reversal.id,
      reversalAt: reversal.createdAt,
    })
    .from(m)
    .leftJoin(reversed, eq(reversed.id, m.reversesId))
    .leftJoin(reversal, eq(reversal.reversesId, m.id))
    .where(ids ? and(inRange, inArray(m.id, ids)) : inRange)
    .orderBy(...order);
  // What the movements before the page add up to (the range's own, after its opening).
  const before =
    window && window.offset > 0
      ? db.select({ total: sql<string>`coalesce(sum(earlier.quantity), 0)` }).from(
          db
            .select({ quantity: m.quantity })
            .from(m)
            .where(inRange)
            .orderBy(...order)
            .limit(window.offset)
            .as("earlier"),
        )
      : null;
  const [rows, earlier] = await Promise.all([rowsQuery, before]);
  const broughtForward = fromThousandths(
    toThousandths(opening) + toThousandths(quantityOf(earlier?.[0]?.total)),
  );
  const movements = rows.map(({ row, enteredBy, reversedKind, reversalId, reversalAt }) => ({
    ...toMovement(row),
    enteredBy: enteredBy || null,
    reversedKind: (reversedKind as EnteredKind | null) ?? null,
    reversedBy: reversalId && reversalAt ? { id: reversalId, createdAt: reversalAt.toISOString() } : null,
  }));
  return {
    from,
    to,
    opening,
    broughtForward,
    rows: withRunningBalance(movements, broughtForward),
    closing,
    paging: shown,
  };
}

const quantityOf = (value: string | number | null | undefined) =>
  fromThousandths(toThousandths(Number(value ?? 0)));

/** One day of a stock card's range: what it received and issued (net of reversals) and its net change. */
export type CardDay = { day: string; receipts: number; issues: number; change: number };

/**
 * The stock card's range day by day, for its chart: the same movements as stockCard (a reversal
 * counts under the kind it reverses, on its own date), summed per day, so the balance after each
 * day is the card's opening plus the days' changes, the balance on the card's last row of that day.
 */
export async function stockCardDays(
  db: Tx,
  item: StockItemRef,
  range: { from?: string | null; to?: string | null } = {},
): Promise<CardDay[]> {
  // Read as plain rows: a card of years has hundreds of days, and the query builder's mapping of
  // each row's fields cost more than the query (docs/performance.md, the charts).
  const rows = (await db.execute(sql`
    select ${m.movedOn} as day,
      coalesce(sum(${m.quantity}) filter (where ${countedKind} = 'receipt'), 0) as receipts,
      coalesce(-sum(${m.quantity}) filter (where ${countedKind} = 'issue'), 0) as issues,
      sum(${m.quantity}) as change
    from ${m}
    where ${and(
      ofItem(item),
      range.from ? gte(m.movedOn, range.from) : undefined,
      range.to ? lte(m.movedOn, range.to) : undefined,
    )}
    group by ${m.movedOn} order by ${m.movedOn}`)) as unknown as {
    day: string;
    receipts: string;
    issues: string;
    change: string;
  }[];
  return rows.map((row) => ({
    day: row.day,
    receipts: quantityOf(row.receipts),
    issues: quantityOf(row.issues),
    change: quantityOf(row.change),
  }));
}

/**
 * What an item issued per calendar month from `from` (a month's first day) on, net of reversed
 * issues: the months with issues only, as { month: "YYYY-MM", issued }.
 */
export async function issuedPerMonth(
  db: Tx,
  item: StockItemRef,
  from: string,
): Promise<{ month: string; issued: number }[]> {
  const month = sql<string>`to_char(${m.movedOn}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, issued: sql<string>`-sum(${m.quantity})` })
    .from(m)
    .where(and(ofItem(item), gte(m.movedOn, from), countsAsIssue))
    .groupBy(month);
  return rows.map((row) => ({ month: row.month, issued: quantityOf(row.issued) }));
}

/**
 * What each department's spares lines issued per day from `from` to `to`, net of reversed issues
 * (a reversal counts under the kind it reverses, on its own date): the days with issues only.
 *
 * The window's issues come from the movements-by-date index (drizzle/0015), and each line's
 * department is looked up by its key, once per line (the lookup is a lateral subquery, which the
 * planner memoizes): a join let the planner hash every spares line (102,000 with the grown
 * department) to find the departments of the 2,000 that issued (docs/performance.md, the charts).
 */
export async function issuedPerDepartmentDay(
  db: Tx,
  lines: DepartmentStockHolder,
  from: string,
  to: string,
): Promise<{ department: string; day: string; issued: number }[]> {
  const rows = (await db.execute(sql`
    select line.department, ${m.movedOn} as day, -sum(${m.quantity}) as issued
    from ${m} cross join lateral (
      select ${lines.department} as department from ${lines.table}
      where ${lines.id} = ${m.inventoryItemId} limit 1
    ) line
    where ${m.movedOn} >= ${from} and ${m.movedOn} <= ${to} and ${m.inventoryItemId} is not null
      and ${countsAsIssue}
    group by 1, 2`)) as unknown as { department: string; day: string; issued: string }[];
  return rows.map((row) => ({ department: row.department, day: row.day, issued: quantityOf(row.issued) }));
}

/**
 * A mark of the journal as it stands for the days from `from` to `to`: it changes whenever the
 * receipts, issues or counts of those days could, so figures worked out under one mark can be
 * reused while it holds. Movements are only ever added (never updated: a wrong one is reversed by
 * another) or deleted with their item, so the mark is
 * - the newest movement's id: any movement entered since, on any day (the ids come from one
 *   sequence, so a new one sorts after the rest), and
 * - how many movements other than openings those days hold: a movement deleted with its item, and
 *   one whose transaction committed after a later one's (its id below the newest).
 * Both come from indexes alone, the primary key's last entry and the days' entries of the
 * movements-by-date index (drizzle/0015) counted: no table row is read, and nothing is stored.
 */
export async function journalMark(db: Tx, from: string, to: string): Promise<string> {
  const [row] = (await db.execute(sql`
    select (select ${m.id} from ${m} order by ${m.id} desc limit 1) as newest,
      (select count(*) from ${m}
        where ${m.movedOn} >= ${from} and ${m.movedOn} <= ${to} and ${m.kind} <> 'opening') as moves`)) as unknown as {
    newest: string | null;
    moves: string | number;
  }[];
  return `${row?.newest ?? "none"} ${row?.moves ?? 0}`;
}
