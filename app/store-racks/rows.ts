import { type Packed, packRows, unpackRows } from "#app/ui/packed-rows.ts";

// The rows of the Store Racks page as the loader sends them: 24 racks × 50 items, so each rack's
// rows travel packed (app/ui/packed-rows.ts).

/** One row of the Store Racks page: only the fields it shows. */
export type RackRow = {
  id: string;
  section: string;
  materialName: string;
  availableStock: number;
  issue: number;
  receipt: number;
  closingStock: number;
};

const FIELDS = [
  "id",
  "section",
  "materialName",
  "availableStock",
  "issue",
  "receipt",
  "closingStock",
] as const satisfies readonly (keyof RackRow)[];

export const packRackRows = (rows: RackRow[]) => packRows(rows, FIELDS);
export const unpackRackRows = (packed: string) => unpackRows(packed as Packed<RackRow>, FIELDS);
