import { describe, expect, it } from "vitest";
import { keyedSection, listItems, paper, register, signature, text, value } from "#app/sop/engine/build.ts";
import { requiredMessage } from "#app/sop/engine/schema.ts";

describe("the format builders", () => {
  it("name the paper from its code: the blank form's address and the printed number", () => {
    expect(paper("AS08", "landscape", "TANK LORRY IN/OUT REGISTER", "Tank lorry in/out register")).toEqual({
      code: "AS08",
      path: "/as08",
      formatNo: "AS 08",
      heading: "TANK LORRY IN/OUT REGISTER",
      title: "Tank lorry in/out register",
      orientation: "landscape",
    });
  });

  it("word a required input's message as the engine does, or as given", () => {
    const lorry = text("lorryNo", "Lorry number", 40, true);
    expect(lorry).toEqual({
      name: "lorryNo",
      label: "Lorry number",
      kind: "text",
      required: "Lorry number is required.",
      max: 40,
    });
    expect(requiredMessage(lorry)).toBe("Lorry number is required.");
    expect(value("date", "dateIn", "Date in")).toEqual({ name: "dateIn", label: "Date in", kind: "date" });
    expect(signature("takenOver", "Taken over", "Name who took over.")).toMatchObject({
      kind: "signature",
      required: "Name who took over.",
      max: 120,
    });
  });

  it("give a register its entry rows, its date from the first row and its key fields from the rows", () => {
    const columns = [text("gatePassNo", "Gate pass number", 60), value("date", "dateOut", "Date out")];
    expect(register({ columns, keys: [["Gate pass No.", "gatePassNo"]], dateColumn: "dateOut" })).toEqual({
      header: [],
      body: [{ type: "register", name: "entries", rows: { min: 1, max: 200 }, parts: [{ columns }] }],
      dateField: "entries[].dateOut",
      keyFields: [{ label: "Gate pass No.", path: "entries[].gatePassNo" }],
    });
  });

  it("keep a checklist's items in the paper's order, with their keys where stored by key", () => {
    expect(listItems("No visible leak", "Portable extinguishers in place")).toEqual([
      { label: "No visible leak" },
      { label: "Portable extinguishers in place" },
    ]);
    expect(
      keyedSection("Tank fittings", "tankFittings", { leakage: "No leak", valves: "Valves shut" }),
    ).toEqual({
      title: "Tank fittings",
      key: "tankFittings",
      items: [
        { key: "leakage", label: "No leak" },
        { key: "valves", label: "Valves shut" },
      ],
    });
  });
});
