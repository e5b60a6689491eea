import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { materialOutColumns } from "#app/sop/formats/as14.ts";

// AS15: returnable material register: AS14's columns plus the expected and the actual return date.
// /as15/records also lists the material not yet returned (the paper formats "Real use").
export const as15: FormatDefinition = {
  code: "AS15",
  path: "/as15",
  formatNo: "AS 15",
  heading: "RETURNABLE MATERIAL REGISTER",
  title: "Returnable material register",
  orientation: "landscape",
  header: [],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { min: 1, max: 200 },
      parts: [
        {
          columns: [
            ...materialOutColumns.slice(0, 7),
            { name: "expectedDateOfReturn", label: "Expected date of return", kind: "date" },
            { name: "dateOfReturn", label: "Date of return of material", kind: "date" },
            ...materialOutColumns.slice(7),
          ],
        },
      ],
    },
  ],
  footer: [{ name: "officerSignature", label: "Signature of officer", kind: "signature", max: 120 }],
  dateField: "entries[].date",
  keyFields: [
    { label: "Gate pass No.", path: "entries[].gatePassNo" },
    { label: "Issued to", path: "entries[].issuedTo" },
  ],
  outstandingReturns: true,
};
