import type { Tx } from "#app/db/client.server.ts";
import { sparesStockHolder } from "#app/spares/stock.server.ts";
import type { StockItemRef, StockItemType } from "#app/stock/item.ts";
import * as journal from "#app/stock/journal.server.ts";
import { rackStockHolder } from "#app/store-racks/stock.server.ts";

// The stock journal (app/stock/journal.server.ts) as the ledger's pages, its API and Today use it:
// they move and read both kinds of item, so this is where the two features' holders are bound to
// their item type. The journal below imports neither feature; each feature records its own
// items' movements through it with its own holder.

export {
  CACHED_OPENING_DAYS,
  type CardDay,
  type CardPaging,
  findMovement,
  issuedPerMonth,
  journalMark,
  type Movement,
  type MovementField,
  type MovementInput,
  type MovementOutcome,
  type MovementRefusal,
  movementCountsOf,
  type ReversalOutcome,
  type ReversalRefusal,
  type StockCard,
  type StockCardRow,
  stockCard,
  stockCardDays,
  stockOn,
  ZERO_FIGURES,
} from "#app/stock/journal.server.ts";

/** The HTTP status of a refused movement, on the page and in the API. */
export const MOVEMENT_REFUSAL_STATUS: Record<journal.MovementRefusal, 400 | 404> = {
  date: 400,
  "not-found": 404,
  "below-zero": 400,
};

/** The HTTP status of a refused reversal: a movement that cannot be reversed (now) conflicts. */
export const REVERSAL_REFUSAL_STATUS: Record<journal.ReversalRefusal, 404 | 409> = {
  "not-found": 404,
  reversal: 409,
  "already-reversed": 409,
  "below-zero": 409,
};

/** The holder of each type of item: a rack item's is the racks', a line's the spares'. */
export const holderOf: journal.StockHolders = (type) =>
  type === "rack" ? rackStockHolder : sparesStockHolder;

/** A journal command's parameters after the holder (and the item's id, for AfterItem). */
type AfterHolder<F> = F extends (db: Tx, holder: journal.StockHolder, ...rest: infer R) => unknown
  ? R
  : never;
type AfterItem<F> = AfterHolder<F> extends [string, ...infer R] ? R : never;

/** Records one movement of one item (journal.recordMovement, with the item's holder). */
export const recordMovement = (
  db: Tx,
  item: StockItemRef,
  ...rest: AfterItem<typeof journal.recordMovement>
) => journal.recordMovement(db, holderOf(item.type), item.id, ...rest);

/** Records a signed correction of one kind (journal.recordAdjustment, with the item's holder). */
export const recordAdjustment = (
  db: Tx,
  item: StockItemRef,
  ...rest: AfterItem<typeof journal.recordAdjustment>
) => journal.recordAdjustment(db, holderOf(item.type), item.id, ...rest);

/** The opening movements of many new spares lines at once (journal.recordOpenings). */
export const recordOpenings = (db: Tx, ...rest: AfterHolder<typeof journal.recordOpenings>) =>
  journal.recordOpenings(db, sparesStockHolder, ...rest);

/** Reverses a wrong movement of either kind of item (journal.reverseMovement). */
export const reverseMovement = (db: Tx, movementId: string, userId: string | null, remark?: string | null) =>
  journal.reverseMovement(db, holderOf, movementId, userId, remark);

/** The period figures of many items of one type (journal.periodFigures). */
export const periodFigures = (
  db: Tx,
  type: StockItemType,
  ids: readonly string[] | "all",
  from: string,
  to: string,
) => journal.periodFigures(db, holderOf(type), ids, from, to);

/** What each department's spares lines issued per day (journal.issuedPerDepartmentDay). */
export const issuedPerDepartmentDay = (db: Tx, from: string, to: string) =>
  journal.issuedPerDepartmentDay(db, sparesStockHolder, from, to);
