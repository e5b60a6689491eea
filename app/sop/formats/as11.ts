import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS11: packed lorries checklist (the legacy app "AS11", "Packed-lorry checklist", "AS11").
export const as11: FormatDefinition = {
  code: "AS11",
  path: "/AS11",
  formatNo: "AS 11",
  heading: "CHECK LIST FOR PACKED LORRIES",
  title: "Packed lorries checklist",
  orientation: "portrait",
  header: [
    { name: "date", label: "Date", kind: "date", required: "Date is required." },
    {
      name: "lorryNo",
      label: "Box lorry number",
      kind: "text",
      required: "Lorry number is required.",
      max: 40,
    },
    {
      name: "transporter",
      label: "Transporter",
      kind: "text",
      required: "Transporter is required.",
      max: 120,
    },
  ],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "criteria",
      itemColumn: "Criterion",
      status: {
        name: "status",
        label: "Status",
        kind: "choice",
        choices: [
          { value: "", label: "Select" },
          { value: "Yes", label: "Yes" },
          { value: "No", label: "No" },
        ],
      },
      remarks: { name: "remarks", label: "Remarks, if any", kind: "text", max: 300 },
      numbering: "continuous",
      sections: [
        {
          items: [
            { label: "Engine exhaust under the driver's cabin, fitted with a spark arrestor" },
            {
              label:
                "Lorry floor (planks, rubber matting) fit for stacking cylinders 6 x 3 in 16 to 18 lines; side wooden rafters sound, without sharp projections",
            },
            { label: "One numbered 10 kg DCP fire extinguisher carried within easy reach" },
            { label: "Fire extinguisher internals in good condition" },
            { label: "RTO permits in order; crew hold a valid HVD licence endorsed for explosive goods" },
            { label: "HAZCHEM sign with address and telephone numbers displayed prominently" },
            { label: "Fuel tank protected by a stout guard and its cap locked" },
            { label: "Master switch within reach inside the cabin to cut the electrical supply" },
            { label: "Wiring insulated with proper fuses; no loose wires or terminals" },
            { label: "Flammable or objectionable material found in the vehicle" },
            { label: "Lorry is self-starting" },
            { label: "All stacks visible from both sides" },
            { label: "TREM card / emergency instruction booklet carried" },
            { label: "Lorry painted in the company colour code with logo (VM)" },
            { label: "Seat belt fitted and working" },
          ],
        },
      ],
    },
  ],
  footer: [
    { name: "driverSignature", label: "Driver's signature", kind: "signature", max: 120 },
    { name: "prepareByOperator", label: "Prepared by (operator)", kind: "signature", max: 120 },
    { name: "officerSignature", label: "Officer's signature", kind: "signature", max: 120 },
  ],
  dateField: "date",
  keyFields: [
    { label: "Lorry No.", path: "lorryNo" },
    { label: "Transporter", path: "transporter" },
  ],
  legacyApi: {
    path: "/api/checklist",
    description: "Save an AS11 packed-lorry checklist (legacy); 201 {message, _id}",
  },
};
