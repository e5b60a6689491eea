import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";

// AS09: packed lorry in/out register. One entry has an inbound and an outbound part, printed as two
// tables on a landscape page; field names are the spec's ("Packed lorry register entry").
const sizes = [5, 14, 19, 35, 48];
const cylinders = (direction: "In" | "Out"): InputDef[] =>
  sizes.map((size) => ({
    name: `cylinders${size}${direction}`,
    label: `${size} kg ${direction.toLowerCase()}`,
    kind: "count",
  }));

export const as09: FormatDefinition = {
  code: "AS09",
  path: "/as09",
  formatNo: "AS 09",
  heading: "PACKED LORRY IN / OUT REGISTER",
  title: "Packed lorry in/out register",
  orientation: "landscape",
  header: [],
  body: [
    {
      type: "register",
      name: "entries",
      rows: { min: 1, max: 200 },
      parts: [
        {
          title: "Inbound",
          columns: [
            { name: "dateIn", label: "Date in", kind: "date", required: "Date in is required." },
            {
              name: "vehicleNo",
              label: "Vehicle number",
              kind: "text",
              required: "Vehicle number is required.",
              max: 40,
            },
            { name: "transporter", label: "Transporter", kind: "text", max: 120 },
            { name: "exDistributorLocation", label: "Ex distributor / location", kind: "text", max: 120 },
            { name: "ervNo", label: "ERV number", kind: "text", max: 60 },
            ...cylinders("In"),
            { name: "securitySignatureIn", label: "Security signature (in)", kind: "text", max: 120 },
          ],
        },
        {
          title: "Outbound",
          columns: [
            { name: "toDistributorLocation", label: "To distributor / location", kind: "text", max: 120 },
            { name: "invoiceNo", label: "Invoice number", kind: "text", max: 60 },
            ...cylinders("Out"),
            { name: "dateOut", label: "Date out", kind: "date" },
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
  dateField: "entries[].dateIn",
  keyFields: [
    { label: "Vehicle No.", path: "entries[].vehicleNo" },
    { label: "Invoice No.", path: "entries[].invoiceNo" },
  ],
};
