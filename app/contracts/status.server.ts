import { type SQL, sql } from "drizzle-orm";
import type { ContractStatus, StatusBounds } from "#app/contracts/rules.ts";
import { contracts as t } from "#app/contracts/table.server.ts";

// The SQL twin of rules.ts contractState, for what is filtered and counted in the database (the
// /amc status filter and counts, the bell's alerts, the exports' filter): the same comparisons on
// the same bounds (statusBounds, worked out in JavaScript in the plant's zone, never the
// database's). tests/integration/contract-status.test.ts proves the two agree.

/** Has either date passed: the next due date on or before its bound, the validity end before it. */
export const expiredSql = (bounds: StatusBounds): SQL =>
  sql`(${t.nextDueOn} <= ${bounds.expiredThrough} or ${t.validityTo} <= ${bounds.validityEndedThrough})`;

/** The contract's status ('expired' | 'dueSoon' | 'fine'); a missing date flags nothing. */
export const statusSql = (bounds: StatusBounds): SQL<ContractStatus> =>
  sql<ContractStatus>`case when ${expiredSql(bounds)} then 'expired'
    when ${t.nextDueOn} <= ${bounds.dueSoonThrough} or ${t.validityTo} <= ${bounds.dueSoonThrough} then 'dueSoon'
    else 'fine' end`;

/** The contracts of one status. */
export const statusIsSql = (status: ContractStatus, bounds: StatusBounds): SQL =>
  status === "expired" ? expiredSql(bounds) : sql`${statusSql(bounds)} = ${status}`;
