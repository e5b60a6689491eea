import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS12: material in register.
export const as12: FormatDefinition = {
  code: "AS12",
  path: "/as12",
  formatNo: "AS 12",
  heading: "MATERIAL IN REGISTER",
  title: "Material in register",
  orientation: "portrait",
  header: [],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { min: 1, max: 200 },
      parts: [
        {
          columns: [
            { name: "date", label: "Date", kind: "date", required: "Date is required." },
            {
              name: "challanNo",
              label: "M.R. / challan number",
              kind: "text",
              required: "Challan number is required.",
              max: 60,
            },
            { name: "nameOfParty", label: "Name of party", kind: "text", max: 120 },
            { name: "descriptionOfGoods", label: "Description of goods", kind: "text", max: 300 },
            // A quantity with its unit ("2 rolls", "50 kg"), as written in the paper register.
            { name: "quantity", label: "Quantity", kind: "text", max: 60 },
            {
              name: "securitySignature",
              label: "Security supervisor / guard signature",
              kind: "text",
              max: 120,
            },
            { name: "remarks", label: "Remarks", kind: "text", max: 300 },
          ],
        },
      ],
    },
  ],
  footer: [{ name: "officerSignature", label: "Signature of officer", kind: "signature", max: 120 }],
  dateField: "entries[].date",
  keyFields: [
    { label: "Challan No.", path: "entries[].challanNo" },
    { label: "Party", path: "entries[].nameOfParty" },
  ],
};
