import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS16: handing over checklist to security. Categories A–F are checklist tables whose Sr No.
// restarts per category; G is the count of cylinders per type with a total (the legacy app).
export const as16: FormatDefinition = {
  code: "AS16",
  path: "/as16",
  formatNo: "AS 16",
  heading: "HANDING OVER CHECKLIST TO SECURITY",
  title: "Handing over checklist to security",
  orientation: "portrait",
  header: [],
  body: [
    {
      type: "checklist",
      store: "list",
      name: "items",
      itemKey: "description",
      itemColumn: "Item",
      status: { name: "observation", label: "Observation", kind: "text", max: 200 },
      remarks: { name: "remarks", label: "Remarks", kind: "text", max: 300 },
      numbering: "per-section",
      sections: [
        {
          title: "A. Fire protection system",
          items: [
            { label: "Fire water tank level enough for 4 hours of fire fighting" },
            { label: "Fire water system in auto mode with jockey pump running" },
            { label: "All fire engines, standby included, working and in auto" },
            { label: "Fire alarm and communication system working" },
            { label: "Gas monitoring system working" },
          ],
        },
        {
          title: "B. Bulk storage area",
          items: [{ label: "No visible leak" }, { label: "Portable extinguishers in place" }],
        },
        {
          title: "C. Pump house / compressor room",
          items: [{ label: "No visible leak" }, { label: "Portable extinguishers in place" }],
        },
        {
          title: "D. Cylinder storage and handling",
          items: [
            { label: "Cylinders stacked in their marked areas (filled / empty / defective)" },
            { label: "Evacuated leaky cylinders and the rest capped" },
            { label: "No equipment or conveyor motor left running" },
            { label: "No visible LPG leak" },
          ],
        },
        {
          title: "E. Tank lorry gantry",
          items: [{ label: "No visible leak" }, { label: "Portable extinguishers in place" }],
        },
        {
          title: "F. General",
          items: [
            { label: "Enough guards on duty" },
            { label: "Extinguishers in place in all areas" },
            { label: "All operating-area gates closed" },
            { label: "All CCTV cameras working" },
            { label: "Access control working" },
            { label: "Engineering, stores and general stores locked" },
            { label: "DG set fuel checked and topped up" },
            { label: "No unauthorised person or vehicle inside" },
            { label: "Plant and yard lighting adequate" },
            { label: "No unsafe condition" },
            { label: "Line phones and VHF sets working" },
            { label: "Flameproof torches working" },
            { label: "All TSV isolation valves open" },
            { label: "Security wand system working and patrols recorded" },
          ],
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
      items: [
        { key: "kg5", label: "5 kg" },
        { key: "kg14_2", label: "14.2 kg" },
        { key: "kg19", label: "19 kg" },
        { key: "kg19Bmcg", label: "19 kg BMCG" },
        { key: "kg47_5", label: "47.5 kg" },
        { key: "kg47_5Lot", label: "47.5 kg LOT" },
        { key: "kg5Omc", label: "5 kg OMC" },
        { key: "kg14_2Omc", label: "14.2 kg OMC" },
        { key: "kg19Omc", label: "19 kg OMC" },
      ],
    },
  ],
  footer: [
    { name: "dateTime", label: "Date and time", kind: "datetime", required: "Date and time are required." },
    {
      name: "handingOver",
      label: "Handing over (name)",
      kind: "signature",
      required: "Handing over (name) is required.",
      max: 120,
    },
    {
      name: "takenOver",
      label: "Taken over (name)",
      kind: "signature",
      required: "Taken over (name) is required.",
      max: 120,
    },
    { name: "officerSignature", label: "Designated officer's signature", kind: "signature", max: 120 },
    { name: "supervisorSignature", label: "Security supervisor's signature", kind: "signature", max: 120 },
  ],
  dateField: "dateTime",
  keyFields: [
    { label: "Handing over", path: "handingOver" },
    { label: "Taken over", path: "takenOver" },
  ],
};
