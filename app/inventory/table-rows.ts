import { type Packed, packRows, unpackRows } from "#app/ui/packed-rows.ts";
import type { TableRow } from "./queries.server.ts";

// A department's table rows as its loader sends them: 1,000 lines, so packed
// (app/ui/packed-rows.ts).

const FIELDS = [
  "id",
  "srno",
  "assets",
  "components",
  "available",
  "min",
  "leadTime",
  "status",
  "version",
] as const satisfies readonly (keyof TableRow)[];

export const packTableRows = (rows: TableRow[]) => packRows(rows, FIELDS);
export const unpackTableRows = (packed: string) => unpackRows(packed as Packed<TableRow>, FIELDS);
