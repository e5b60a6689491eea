import { dateInput, keyFields, listItems, paper, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS06: tank lorry checklist, 25 check points each ticked with observations (the legacy app).
const checkPoints = listItems(
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
);

export const as06: FormatDefinition = {
  ...paper("AS06", "portrait", "TANK LORRY CHECKLIST", "Tank lorry checklist"),
  header: [
    dateInput,
    value("time", "time", "Time"),
    text("tankLorryNo", "Tank lorry number", 40, true),
    text("driverName", "Driver's name", 120),
    text("transporter", "Transporter", 120),
  ],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "checkpoints",
      itemColumn: "Check point",
      status: value("tick", "checked", "Checked"),
      remarks: text("observations", "Observations", 300),
      numbering: "continuous",
      sections: [{ items: checkPoints }],
    },
  ],
  footer: [signature("checkedBy", "Checked by"), signature("supervisor", "Supervisor")],
  dateField: "date",
  keyFields: keyFields(["Tank lorry No.", "tankLorryNo"], ["Driver", "driverName"]),
};
