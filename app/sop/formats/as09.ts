import { paper, register, remarksInput, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";

// AS09: packed lorry in/out register. One entry has an inbound and an outbound part, printed as two
// tables on a landscape page; field names are the spec's ("Packed lorry register entry").
const sizes = [5, 14, 19, 35, 48];
const cylinders = (direction: "In" | "Out"): InputDef[] =>
  sizes.map((size) =>
    value("count", `cylinders${size}${direction}`, `${size} kg ${direction.toLowerCase()}`),
  );

export const as09: FormatDefinition = {
  ...paper("AS09", "landscape", "PACKED LORRY IN / OUT REGISTER", "Packed lorry in/out register"),
  ...register({
    parts: [
      {
        title: "Inbound",
        columns: [
          value("date", "dateIn", "Date in", true),
          text("vehicleNo", "Vehicle number", 40, true),
          text("transporter", "Transporter", 120),
          text("exDistributorLocation", "Ex distributor / location", 120),
          text("ervNo", "ERV number", 60),
          ...cylinders("In"),
          text("securitySignatureIn", "Security signature (in)", 120),
        ],
      },
      {
        title: "Outbound",
        columns: [
          text("toDistributorLocation", "To distributor / location", 120),
          text("invoiceNo", "Invoice number", 60),
          ...cylinders("Out"),
          value("date", "dateOut", "Date out"),
          text("securitySignatureOut", "Security signature (out)", 120),
          remarksInput,
        ],
      },
    ],
    keys: [
      ["Vehicle No.", "vehicleNo"],
      ["Invoice No.", "invoiceNo"],
    ],
    dateColumn: "dateIn",
  }),
  footer: [signature("officerSignature", "Signature of the officer in charge")],
};
