// The rows of the Store Racks page as the loader sends them. The page embeds its loader data for
// hydration, and Remix's encoding spends ~60 bytes of markup per object; with 24 racks × 50 items
// that doubles the page. Each rack's rows therefore travel as one JSON string of tuples (a third
// of the size), packed by the loader and unpacked by the page.

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

type PackedRow = [string, string, string, number, number, number, number];

export function packRackRows(rows: RackRow[]): string {
  return JSON.stringify(
    rows.map(
      (row): PackedRow => [
        row.id,
        row.section,
        row.materialName,
        row.availableStock,
        row.issue,
        row.receipt,
        row.closingStock,
      ],
    ),
  );
}

export function unpackRackRows(packed: string): RackRow[] {
  return (JSON.parse(packed) as PackedRow[]).map(
    ([id, section, materialName, availableStock, issue, receipt, closingStock]) => ({
      id,
      section,
      materialName,
      availableStock,
      issue,
      receipt,
      closingStock,
    }),
  );
}
