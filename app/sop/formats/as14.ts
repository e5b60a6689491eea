import { dateInput, paper, register, remarksInput, signature, text } from "#app/sop/engine/build.ts";
import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";

// AS14: material out register. AS15 (returnable material) reuses these columns, AS12 (material in)
// the quantity and the security signature.

/** A quantity with its unit ("2 rolls", "50 kg"), as written in the paper register. */
export const quantityInput = text("quantity", "Quantity", 60);
export const securitySignatureInput = text("securitySignature", "Security supervisor / guard signature", 120);

export const materialOutColumns: InputDef[] = [
  dateInput,
  text("gatePassNo", "Gate pass number", 60, true),
  text("descriptionOfItems", "Description of items", 300),
  quantityInput,
  text("issuedTo", "Issued to", 120),
  text("signOfReceiver", "Receiver's signature", 120),
  securitySignatureInput,
  remarksInput,
];

/** The records list's key fields of the material out registers (AS14, AS15). */
export const materialOutKeys: [label: string, column: string][] = [
  ["Gate pass No.", "gatePassNo"],
  ["Issued to", "issuedTo"],
];

/** The officer's signature of the material registers (AS12, AS14, AS15). */
export const officerSignature = signature("officerSignature", "Signature of officer");

export const as14: FormatDefinition = {
  ...paper("AS14", "portrait", "MATERIAL OUT REGISTER", "Material out register"),
  ...register({ columns: materialOutColumns, keys: materialOutKeys }),
  footer: [officerSignature],
};
