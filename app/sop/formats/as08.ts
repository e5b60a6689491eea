import { dateInput, paper, register, remarksInput, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS08: tank lorry in/out register; as many entry rows as the day needs (README difference 12).
export const as08: FormatDefinition = {
  ...paper("AS08", "landscape", "TANK LORRY IN/OUT REGISTER", "Tank lorry in/out register"),
  ...register({
    columns: [
      dateInput,
      text("lorryNo", "Lorry number", 40, true),
      text("location", "Location", 120),
      text("invoiceNo", "Invoice number", 60),
      value("date", "invoiceDate", "Invoice date"),
      value("number", "invoiceQuantity", "Invoice quantity"),
      value("time", "timeIn", "Time in"),
      text("securitySignatureIn", "Security signature (in)", 120),
      value("time", "timeOut", "Time out"),
      text("securitySignatureOut", "Security signature (out)", 120),
      remarksInput,
    ],
    keys: [["Lorry No.", "lorryNo"]],
  }),
  footer: [signature("officerSignature", "Signature of the officer in charge")],
};
