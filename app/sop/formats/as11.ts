import { choice, dateInput, keyFields, listItems, paper, signature, text } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS11: packed lorries checklist (the legacy app "AS11", "Packed-lorry checklist", "AS11").
export const as11: FormatDefinition = {
  // The legacy app's address, in capitals.
  ...paper("AS11", "portrait", "CHECK LIST FOR PACKED LORRIES", "Packed lorries checklist"),
  path: "/AS11",
  header: [
    dateInput,
    text("lorryNo", "Box lorry number", 40, "Lorry number is required."),
    text("transporter", "Transporter", 120, true),
  ],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "criteria",
      itemColumn: "Criterion",
      status: choice("status", "Status", [
        ["", "Select"],
        ["Yes", "Yes"],
        ["No", "No"],
      ]),
      remarks: text("remarks", "Remarks, if any", 300),
      numbering: "continuous",
      sections: [
        {
          items: listItems(
            "Engine exhaust under the driver's cabin, fitted with a spark arrestor",
            "Lorry floor (planks, rubber matting) fit for stacking cylinders 6 x 3 in 16 to 18 lines; side wooden rafters sound, without sharp projections",
            "One numbered 10 kg DCP fire extinguisher carried within easy reach",
            "Fire extinguisher internals in good condition",
            "RTO permits in order; crew hold a valid HVD licence endorsed for explosive goods",
            "HAZCHEM sign with address and telephone numbers displayed prominently",
            "Fuel tank protected by a stout guard and its cap locked",
            "Master switch within reach inside the cabin to cut the electrical supply",
            "Wiring insulated with proper fuses; no loose wires or terminals",
            "Flammable or objectionable material found in the vehicle",
            "Lorry is self-starting",
            "All stacks visible from both sides",
            "TREM card / emergency instruction booklet carried",
            "Lorry painted in the company colour code with logo (VM)",
            "Seat belt fitted and working",
          ),
        },
      ],
    },
  ],
  footer: [
    signature("driverSignature", "Driver's signature"),
    signature("prepareByOperator", "Prepared by (operator)"),
    signature("officerSignature", "Officer's signature"),
  ],
  dateField: "date",
  keyFields: keyFields(["Lorry No.", "lorryNo"], ["Transporter", "transporter"]),
  legacyApi: {
    path: "/api/checklist",
    description: "Save an AS11 packed-lorry checklist (legacy); 201 {message, _id}",
  },
};
