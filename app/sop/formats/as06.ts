import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS06: tank lorry checklist, 25 check points each ticked with observations (the legacy app).
const checkPoints = [
  "Identity card and challan documents",
  "Flame / spark arrester",
  "Fire extinguisher",
  "Cabin, under the driver's seat",
  "Lower cabin",
  "Compartment under the back seat",
  "Master switch, battery and dashboard",
  "Side and top compartments",
  "Roof, from inside",
  "Inner side of the bonnet and the engine area",
  "Inner side of front and rear bumpers",
  "Undercarriage",
  "Seals: loose, broken, numbers",
  "Extra diesel tank compartment",
  "Manhole cover bolting / fixing",
  "Manhole seals",
  "Leaks",
  "Master valve and all other valves",
  "Tyres and spare wheels",
  "Body search of driver and cleaner",
  "Clothes, matches, lighter, bidi / cigarettes",
  "Stoves and utensils",
  "Radiator water",
  "Firearms, weapons, swords",
  "Extra hidden material (water bucket, iron plate, stones, sand bags, extra jerry cans and the like)",
];

export const as06: FormatDefinition = {
  code: "AS06",
  path: "/as06",
  formatNo: "AS 06",
  heading: "TANK LORRY CHECKLIST",
  title: "Tank lorry checklist",
  orientation: "portrait",
  header: [
    { name: "date", label: "Date", kind: "date", required: "Date is required." },
    { name: "time", label: "Time", kind: "time" },
    {
      name: "tankLorryNo",
      label: "Tank lorry number",
      kind: "text",
      required: "Tank lorry number is required.",
      max: 40,
    },
    { name: "driverName", label: "Driver's name", kind: "text", max: 120 },
    { name: "transporter", label: "Transporter", kind: "text", max: 120 },
  ],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "checkpoints",
      itemColumn: "Check point",
      status: { name: "checked", label: "Checked", kind: "tick" },
      remarks: { name: "observations", label: "Observations", kind: "text", max: 300 },
      numbering: "continuous",
      sections: [{ items: checkPoints.map((label) => ({ label })) }],
    },
  ],
  footer: [
    { name: "checkedBy", label: "Checked by", kind: "signature", max: 120 },
    { name: "supervisor", label: "Supervisor", kind: "signature", max: 120 },
  ],
  dateField: "date",
  keyFields: [
    { label: "Tank lorry No.", path: "tankLorryNo" },
    { label: "Driver", path: "driverName" },
  ],
};
