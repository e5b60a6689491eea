import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS10: bulk LPG tank trucks at the unloading location. Items start unanswered (README difference 13);
// the header fields are our addition (the paper formats); the keys are the legacy app's.
export const as10: FormatDefinition = {
  code: "AS10",
  path: "/as10",
  formatNo: "AS 10",
  heading: "CHECK LIST FOR BULK LPG TANK TRUCKS AT UNLOADING LOCATION",
  title: "Bulk LPG tank trucks at unloading",
  orientation: "portrait",
  header: [
    { name: "date", label: "Date", kind: "date", required: "Date is required." },
    {
      name: "tankTruckNo",
      label: "Tank truck number",
      kind: "text",
      required: "Tank truck number is required.",
      max: 40,
    },
    { name: "transporter", label: "Transporter", kind: "text", max: 120 },
  ],
  body: [
    {
      type: "checklist",
      store: "keyed",
      itemColumn: "Item",
      status: { name: "answer", label: "Yes / No", kind: "yesno" },
      numbering: "continuous",
      sections: [
        {
          title: "On the tank truck",
          key: "tankTruck",
          items: [
            { key: "sparkArrestor", label: "Spark arrestor fitted" },
            { key: "properFittings", label: "Proper fittings" },
            { key: "extinguishers", label: "Fire extinguishers" },
            { key: "manifoldValve", label: "Manifold valve" },
            { key: "noVisibleDent", label: "No visible dents" },
          ],
        },
        {
          title: "Electricals",
          key: "electricals",
          items: [
            { key: "junctionBoxes", label: "Junction boxes" },
            { key: "looseWiring", label: "No loose wiring" },
            { key: "wiringInsulated", label: "Wiring insulated" },
            { key: "selfStarting", label: "Self starting" },
            { key: "masterSwitch", label: "Master switch" },
            { key: "dipoleWiring", label: "Dipole wiring" },
          ],
        },
        {
          title: "Tank fittings",
          key: "tankFittings",
          items: [{ key: "leakage", label: "No leak from any fitting or joint" }],
        },
        {
          title: "Before issuing the loading memo",
          key: "loadingMemo",
          items: [
            { key: "heightBarrier", label: "Height barrier" },
            { key: "fuelTankGuard", label: "Fuel tank guard" },
            { key: "paintBullet", label: "Bullet painted" },
            { key: "firstAidKit", label: "First-aid kit" },
          ],
        },
        {
          title: "Random checks (at least one day a month)",
          key: "randomChecks",
          items: [
            { key: "fireExtinguishers", label: "Fire extinguishers" },
            { key: "tremCard", label: "TREM card" },
            { key: "routeMap", label: "Route map" },
            { key: "cceLicence", label: "CCE licence" },
            { key: "rtoPermits", label: "RTO permits" },
            { key: "rlwUlw", label: "RLW / ULW" },
            { key: "hazchemSign", label: "HAZCHEM sign" },
            { key: "externalCorrosion", label: "External corrosion" },
          ],
        },
        {
          title: "Tank fittings (random checks)",
          key: "randomTankFittings",
          items: [
            { key: "excessFlowCheck", label: "Excess flow check valve" },
            { key: "vaporLinesAnchored", label: "Vapour lines anchored" },
            { key: "safetyFittings", label: "Safety fittings" },
            { key: "operativeFittings", label: "Operative fittings" },
          ],
        },
        {
          title: "Available in the tank truck",
          key: "availableInTankTruck",
          items: [
            { key: "flangesBendPipe", label: "Flanges / bend pipe" },
            { key: "toolsForFittings", label: "Tools for the fittings" },
            { key: "cautionBoards", label: "Caution boards" },
            { key: "defectsCorrected", label: "Earlier defects corrected" },
          ],
        },
      ],
    },
  ],
  footer: [{ name: "checkedBy", label: "Checked by", kind: "signature", max: 120 }],
  dateField: "date",
  keyFields: [
    { label: "Tank truck No.", path: "tankTruckNo" },
    { label: "Transporter", path: "transporter" },
  ],
};
