import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { AVAILABLE, ORDER_TO_PLACE, type OrderStatus } from "#app/spares/rules.ts";
import { inventoryItems as t } from "#app/spares/table.server.ts";

// The SQL twin of rules.ts orderStatusOf, for the readers that must decide in PostgreSQL (the
// tables' filter, sort and search, the exports, Today and the digest's lists): one definition,
// checked against the rule on edge values in order-status.test.ts (tests/integration). Stock
// figures are numeric(14, 3), exact, so "available − minimum ≤ 0" here is the rule's comparison
// after its rounding to 3 decimals.

/** A constant as an SQL literal: inlined, not a parameter, so an index on the expression is used. */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** True when the figures need an order (rules.needsOrder of their excess/shortfall). */
export const needsOrderOf = (available: SQLWrapper, minimum: SQLWrapper): SQL<boolean> =>
  sql<boolean>`(${available} - ${minimum} <= 0)`;

/** 'Order to place' or 'Available' for the figures (rules.orderStatusOf). */
export const orderStatusSqlOf = (available: SQLWrapper, minimum: SQLWrapper): SQL<OrderStatus> =>
  sql<OrderStatus>`(case when ${needsOrderOf(available, minimum)} then ${literal(ORDER_TO_PLACE)} else ${literal(AVAILABLE)} end)`;

/** A spares line needs an order: its ledger balance is at or below its minimum. */
export const lineNeedsOrder = needsOrderOf(t.availableStock, t.minStock);

/** A spares line's Status of Order. */
export const lineOrderStatus = orderStatusSqlOf(t.availableStock, t.minStock);
