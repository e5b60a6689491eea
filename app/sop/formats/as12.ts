import { dateInput, paper, register, remarksInput, text } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { officerSignature, quantityInput, securitySignatureInput } from "#app/sop/formats/as14.ts";

// AS12: material in register.
export const as12: FormatDefinition = {
  ...paper("AS12", "portrait", "MATERIAL IN REGISTER", "Material in register"),
  ...register({
    columns: [
      dateInput,
      text("challanNo", "M.R. / challan number", 60, "Challan number is required."),
      text("nameOfParty", "Name of party", 120),
      text("descriptionOfGoods", "Description of goods", 300),
      quantityInput,
      securitySignatureInput,
      remarksInput,
    ],
    keys: [
      ["Challan No.", "challanNo"],
      ["Party", "nameOfParty"],
    ],
  }),
  footer: [officerSignature],
};
