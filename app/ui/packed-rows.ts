// Big tables' rows as the loader sends them. A page embeds its loader data for hydration, and
// Remix's encoding spends ~60 bytes of markup per object (a key reference per field); with 1,000
// lines that doubles the page. Rows therefore travel as one JSON string of tuples (a third of the
// size), packed by the loader and unpacked by the page, with the field order named once.

export type Packed<Row> = string & { readonly __rows?: Row };

export function packRows<Row>(rows: readonly Row[], fields: readonly (keyof Row)[]): Packed<Row> {
  return JSON.stringify(rows.map((row) => fields.map((field) => row[field])));
}

export function unpackRows<Row>(packed: Packed<Row>, fields: readonly (keyof Row)[]): Row[] {
  return (JSON.parse(packed) as unknown[][]).map((tuple) => {
    const row = {} as Row;
    fields.forEach((field, index) => {
      row[field] = tuple[index] as Row[keyof Row];
    });
    return row;
  });
}
