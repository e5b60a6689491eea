import { describe, expect, it } from "vitest";
import type { Block, ChecklistBlock } from "#app/sop/engine/types.ts";
import { checklistEntries, setAt, unansweredItems, valueAt } from "#app/sop/engine/values.ts";
import { as06 } from "#app/sop/formats/as06.ts";
import { as10 } from "#app/sop/formats/as10.ts";
import { as11 } from "#app/sop/formats/as11.ts";
import { as16 } from "#app/sop/formats/as16.ts";

function checklistOf(body: Block[]): ChecklistBlock {
  const block = body.find((candidate) => candidate.type === "checklist");
  if (!block) throw new Error("This format has no checklist.");
  return block;
}

describe("checklist entries", () => {
  it("place a keyed checklist's answers under its section and item keys, numbered through", () => {
    const sections = checklistEntries(checklistOf(as10.body));
    expect(sections[0][0]).toEqual({
      label: "Spark arrestor fitted",
      number: 1,
      status: ["tankTruck", "sparkArrestor"],
    });
    expect(sections[1][0]).toMatchObject({ number: 6, status: ["electricals", "junctionBoxes"] });
  });

  it("place a list checklist's answers and remarks in the list, by item", () => {
    const [items] = checklistEntries(checklistOf(as11.body));
    expect(items).toHaveLength(15);
    expect(items[14]).toMatchObject({
      number: 15,
      status: ["criteria", 14, "status"],
      remarks: ["criteria", 14, "remarks"],
    });
  });

  it("restart the Sr No. in each section when the paper does (AS16), not the list's place", () => {
    const sections = checklistEntries(checklistOf(as16.body));
    expect(sections[1][0]).toMatchObject({ number: 1, status: ["items", 5, "observation"] });
  });
});

describe("paths into a record's data", () => {
  it("read a value, or nothing where the data stops short", () => {
    const data = { criteria: [{ status: "Yes" }], tankTruck: "not an object" };
    expect(valueAt(data, ["criteria", 0, "status"])).toBe("Yes");
    expect(valueAt(data, ["criteria", 3, "status"])).toBeUndefined();
    expect(valueAt(data, ["tankTruck", "leakage"])).toBeUndefined();
  });

  it("write a value, making the lists and objects on the way", () => {
    const data = {};
    setAt(data, ["criteria", 1, "status"], "No");
    setAt(data, ["tankTruck", "leakage"], "Yes");
    expect(data).toEqual({ criteria: [undefined, { status: "No" }], tankTruck: { leakage: "Yes" } });
  });
});

describe("unanswered checklist items", () => {
  it("are the items whose status is blank, in the paper's order (AS11: Select, AS10: no radio)", () => {
    const criteria = Array.from({ length: 15 }, (_, index) => ({ status: index % 5 === 0 ? "" : "Yes" }));
    expect(unansweredItems(as11, { criteria }).map((item) => item.number)).toEqual([1, 6, 11]);
    expect(unansweredItems(as11, { criteria })[0].label).toBe(as11Label(0));
    expect(unansweredItems(as10, { tankTruck: { sparkArrestor: true } })).toHaveLength(
      checklistEntries(checklistOf(as10.body)).flat().length - 1,
    );
  });

  it("name the section where the Sr No. restarts (AS16); a tick is always an answer (AS06)", () => {
    const [first] = unansweredItems(as16, { items: [] });
    expect(first).toMatchObject({ number: 1, section: as16Section(0) });
    expect(unansweredItems(as06, {})).toEqual([]);
  });
});

const as11Label = (index: number) => checklistEntries(checklistOf(as11.body)).flat()[index].label;
const as16Section = (index: number) => checklistOf(as16.body).sections[index].title;
