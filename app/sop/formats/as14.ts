import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";

// AS14: material out register. AS15 (returnable material) reuses these columns.
export const materialOutColumns: InputDef[] = [
  { name: "date", label: "Date", kind: "date", required: "Date is required." },
  {
    name: "gatePassNo",
    label: "Gate pass number",
    kind: "text",
    required: "Gate pass number is required.",
    max: 60,
  },
  { name: "descriptionOfItems", label: "Description of items", kind: "text", max: 300 },
  // A quantity with its unit ("2 rolls", "50 kg"), as written in the paper register.
  { name: "quantity", label: "Quantity", kind: "text", max: 60 },
  { name: "issuedTo", label: "Issued to", kind: "text", max: 120 },
  { name: "signOfReceiver", label: "Receiver's signature", kind: "text", max: 120 },
  { name: "securitySignature", label: "Security supervisor / guard signature", kind: "text", max: 120 },
  { name: "remarks", label: "Remarks", kind: "text", max: 300 },
];

export const as14: FormatDefinition = {
  code: "AS14",
  path: "/as14",
  formatNo: "AS 14",
  heading: "MATERIAL OUT REGISTER",
  title: "Material out register",
  orientation: "portrait",
  header: [],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { min: 1, max: 200 },
      parts: [{ columns: materialOutColumns }],
    },
  ],
  footer: [{ name: "officerSignature", label: "Signature of officer", kind: "signature", max: 120 }],
  dateField: "entries[].date",
  keyFields: [
    { label: "Gate pass No.", path: "entries[].gatePassNo" },
    { label: "Issued to", path: "entries[].issuedTo" },
  ],
};
