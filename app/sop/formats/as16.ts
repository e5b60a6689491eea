import { keyedItems, keyFields, listItems, paper, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS16: handing over checklist to security. Categories A–F are checklist tables whose Sr No.
// restarts per category; G is the count of cylinders per type with a total (the legacy app).
export const as16: FormatDefinition = {
  ...paper("AS16", "portrait", "HANDING OVER CHECKLIST TO SECURITY", "Handing over checklist to security"),
  header: [],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "items",
      itemKey: "description",
      itemColumn: "Item",
      status: text("observation", "Observation", 200),
      remarks: text("remarks", "Remarks", 300),
      numbering: "per-section",
      sections: [
        {
          title: "A. Fire protection system",
          items: listItems(
            "Fire water tank level enough for 4 hours of fire fighting",
            "Fire water system in auto mode with jockey pump running",
            "All fire engines, standby included, working and in auto",
            "Fire alarm and communication system working",
            "Gas monitoring system working",
          ),
        },
        {
          title: "B. Bulk storage area",
          items: listItems("No visible leak", "Portable extinguishers in place"),
        },
        {
          title: "C. Pump house / compressor room",
          items: listItems("No visible leak", "Portable extinguishers in place"),
        },
        {
          title: "D. Cylinder storage and handling",
          items: listItems(
            "Cylinders stacked in their marked areas (filled / empty / defective)",
            "Evacuated leaky cylinders and the rest capped",
            "No equipment or conveyor motor left running",
            "No visible LPG leak",
          ),
        },
        {
          title: "E. Tank lorry gantry",
          items: listItems("No visible leak", "Portable extinguishers in place"),
        },
        {
          title: "F. General",
          items: listItems(
            "Enough guards on duty",
            "Extinguishers in place in all areas",
            "All operating-area gates closed",
            "All CCTV cameras working",
            "Access control working",
            "Engineering, stores and general stores locked",
            "DG set fuel checked and topped up",
            "No unauthorised person or vehicle inside",
            "Plant and yard lighting adequate",
            "No unsafe condition",
            "Line phones and VHF sets working",
            "Flameproof torches working",
            "All TSV isolation valves open",
            "Security wand system working and patrols recorded",
          ),
        },
      ],
    },
    {
      type: "counts",
      name: "cylinderInventory",
      title: "G. Inventory of cylinders",
      itemColumn: "Cylinder type",
      countColumn: "Count",
      totalLabel: "Total",
      items: keyedItems({
        kg5: "5 kg",
        kg14_2: "14.2 kg",
        kg19: "19 kg",
        kg19Bmcg: "19 kg BMCG",
        kg47_5: "47.5 kg",
        kg47_5Lot: "47.5 kg LOT",
        kg5Omc: "5 kg OMC",
        kg14_2Omc: "14.2 kg OMC",
        kg19Omc: "19 kg OMC",
      }),
    },
  ],
  footer: [
    value("datetime", "dateTime", "Date and time", "Date and time are required."),
    signature("handingOver", "Handing over (name)", true),
    signature("takenOver", "Taken over (name)", true),
    signature("officerSignature", "Designated officer's signature"),
    signature("supervisorSignature", "Security supervisor's signature"),
  ],
  dateField: "dateTime",
  keyFields: keyFields(["Handing over", "handingOver"], ["Taken over", "takenOver"]),
};
