import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS08: tank lorry in/out register; as many entry rows as the day needs (README difference 12).
export const as08: FormatDefinition = {
  code: "AS08",
  path: "/as08",
  formatNo: "AS 08",
  heading: "TANK LORRY IN/OUT REGISTER",
  title: "Tank lorry in/out register",
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
            { name: "date", label: "Date", kind: "date", required: "Date is required." },
            {
              name: "lorryNo",
              label: "Lorry number",
              kind: "text",
              required: "Lorry number is required.",
              max: 40,
            },
            { name: "location", label: "Location", kind: "text", max: 120 },
            { name: "invoiceNo", label: "Invoice number", kind: "text", max: 60 },
            { name: "invoiceDate", label: "Invoice date", kind: "date" },
            { name: "invoiceQuantity", label: "Invoice quantity", kind: "number" },
            { name: "timeIn", label: "Time in", kind: "time" },
            { name: "securitySignatureIn", label: "Security signature (in)", kind: "text", max: 120 },
            { name: "timeOut", label: "Time out", kind: "time" },
            { name: "securitySignatureOut", label: "Security signature (out)", kind: "text", max: 120 },
            { name: "remarks", label: "Remarks", kind: "text", max: 300 },
          ],
        },
      ],
    },
  ],
  footer: [
    { name: "officerSignature", label: "Signature of the officer in charge", kind: "signature", max: 120 },
  ],
  dateField: "entries[].date",
  keyFields: [{ label: "Lorry No.", path: "entries[].lorryNo" }],
};
