import { dateInput, keyedSection, keyFields, paper, signature, text, value } from "#app/sop/engine/build.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// AS10: bulk LPG tank trucks at the unloading location. Items start unanswered (README difference 13);
// the header fields are our addition (the paper formats); the keys are the legacy app's.
export const as10: FormatDefinition = {
  ...paper(
    "AS10",
    "portrait",
    "CHECK LIST FOR BULK LPG TANK TRUCKS AT UNLOADING LOCATION",
    "Bulk LPG tank trucks at unloading",
  ),
  header: [
    dateInput,
    text("tankTruckNo", "Tank truck number", 40, true),
    text("transporter", "Transporter", 120),
  ],
  body: [
    {
      type: "checklist",
      store: "keyed",
      itemColumn: "Item",
      status: value("yesno", "answer", "Yes / No"),
      numbering: "continuous",
      sections: [
        keyedSection("On the tank truck", "tankTruck", {
          sparkArrestor: "Spark arrestor fitted",
          properFittings: "Proper fittings",
          extinguishers: "Fire extinguishers",
          manifoldValve: "Manifold valve",
          noVisibleDent: "No visible dents",
        }),
        keyedSection("Electricals", "electricals", {
          junctionBoxes: "Junction boxes",
          looseWiring: "No loose wiring",
          wiringInsulated: "Wiring insulated",
          selfStarting: "Self starting",
          masterSwitch: "Master switch",
          dipoleWiring: "Dipole wiring",
        }),
        keyedSection("Tank fittings", "tankFittings", {
          leakage: "No leak from any fitting or joint",
        }),
        keyedSection("Before issuing the loading memo", "loadingMemo", {
          heightBarrier: "Height barrier",
          fuelTankGuard: "Fuel tank guard",
          paintBullet: "Bullet painted",
          firstAidKit: "First-aid kit",
        }),
        keyedSection("Random checks (at least one day a month)", "randomChecks", {
          fireExtinguishers: "Fire extinguishers",
          tremCard: "TREM card",
          routeMap: "Route map",
          cceLicence: "CCE licence",
          rtoPermits: "RTO permits",
          rlwUlw: "RLW / ULW",
          hazchemSign: "HAZCHEM sign",
          externalCorrosion: "External corrosion",
        }),
        keyedSection("Tank fittings (random checks)", "randomTankFittings", {
          excessFlowCheck: "Excess flow check valve",
          vaporLinesAnchored: "Vapour lines anchored",
          safetyFittings: "Safety fittings",
          operativeFittings: "Operative fittings",
        }),
        keyedSection("Available in the tank truck", "availableInTankTruck", {
          flangesBendPipe: "Flanges / bend pipe",
          toolsForFittings: "Tools for the fittings",
          cautionBoards: "Caution boards",
          defectsCorrected: "Earlier defects corrected",
        }),
      ],
    },
  ],
  footer: [signature("checkedBy", "Checked by")],
  dateField: "date",
  keyFields: keyFields(["Tank truck No.", "tankTruckNo"], ["Transporter", "transporter"]),
};
