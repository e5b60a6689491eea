import { paper, register, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { materialOutColumns, materialOutKeys, officerSignature } from "#app/sop/formats/as14.ts";

// AS15: returnable material register: AS14's columns plus the expected and the actual return date.
// /as15/records also lists the material not yet returned (the paper formats "Real use").
export const as15: FormatDefinition = {
  ...paper("AS15", "landscape", "RETURNABLE MATERIAL REGISTER", "Returnable material register"),
  ...register({
    columns: [
      ...materialOutColumns.slice(0, 7),
      value("date", "expectedDateOfReturn", "Expected date of return"),
      value("date", "dateOfReturn", "Date of return of material"),
      ...materialOutColumns.slice(7),
    ],
    keys: materialOutKeys,
  }),
  footer: [officerSignature],
  outstandingReturns: true,
};
