import { describe, expect, it } from "vitest";
import {
  cleanText,
  listHref,
  readChoice,
  readListParams,
  readPageSize,
  rowRange,
} from "#app/lib/list-params.ts";

const options = { sorts: ["srno", "assets"] as const, defaultSort: "srno" as const };
const read = (search: string) => readListParams(new URLSearchParams(search), options);

describe("readListParams", () => {
  const DEFAULTS = { q: "", sort: "srno", dir: "asc", page: 1, size: 50 };

  // The defaults for an empty address, and for values it does not know.
  it.each([
    ["", DEFAULTS],
    [
      "q=pump&sort=assets&dir=desc&page=3&size=50",
      { q: "pump", sort: "assets", dir: "desc", page: 3, size: 50 },
    ],
    ["sort=password&dir=sideways&page=-2&size=7", DEFAULTS],
  ])("reads %j as %j", (search, view) => {
    expect(read(search)).toEqual(view);
  });

  it.each([
    ["page=abc&size=1e3", 1],
    ["page=99999999999", 1],
    ["page=123456789", 1_000_000],
    ["page=0", 1],
  ])("reads the page of %j as %j (within 1 to a million)", (search, page) => {
    expect(read(search).page).toBe(page);
  });

  it("offers 25, 50, 100 and 200 rows, nothing else", () => {
    expect(["25", "50", "100", "200"].map(readPageSize)).toEqual([25, 50, 100, 200]);
    for (const bad of [null, "", "7", "0", "-50", "1e2", "100.0", "400", " ", "abc"])
      expect(readPageSize(bad), String(bad)).toBeNull();
    expect(read("size=%2025%20").size).toBe(25);
  });

  it("trims the search text, drops control characters and caps its length", () => {
    expect(read("q=%20%20pump%00%20").q).toBe("pump");
    expect(read(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(cleanText(null)).toBe("");
  });

  it("reads a sort's earlier name (a saved link) as the sort it is now", () => {
    const withOld = { ...options, oldSorts: { serial: "srno", name: "assets" } as const };
    const readOld = (search: string) => readListParams(new URLSearchParams(search), withOld);
    expect(readOld("sort=name&dir=desc")).toMatchObject({ sort: "assets", dir: "desc" });
    expect(readOld("sort=assets").sort).toBe("assets");
    expect(readOld("sort=toString").sort).toBe("srno");
    expect(read("sort=name").sort).toBe("srno");
  });
});

describe("listHref", () => {
  const defaults = { sort: "srno", dir: "asc" as const };

  it("keeps the filters and starts again at page 1 when the search changes", () => {
    expect(listHref("?stock=short&page=4&q=a", { q: "b" }, defaults)).toBe("?stock=short&q=b");
  });

  it("moves to a page keeping everything else", () => {
    expect(listHref("?q=a&size=100", { page: 2 }, defaults)).toBe("?q=a&size=100&page=2");
  });

  it("leaves the defaults out of the address", () => {
    expect(listHref("?page=2", { page: 1 }, defaults)).toBe("?");
    expect(listHref("?sort=assets&dir=desc", { sort: "srno", dir: "asc" }, defaults)).toBe("?");
    expect(listHref("", { size: 50 }, defaults)).toBe("?");
  });

  it("removes a parameter given as empty", () => {
    expect(listHref("?q=a&stock=short", { stock: "" }, defaults)).toBe("?q=a");
  });
});

describe("rowRange", () => {
  it("numbers the rows of a page from 1", () => {
    expect(rowRange(2, 100, 1000)).toEqual({ first: 101, last: 200, total: 1000, pages: 10 });
    expect(rowRange(10, 100, 950)).toEqual({ first: 901, last: 950, total: 950, pages: 10 });
  });

  it("says there are no rows for an empty list", () => {
    expect(rowRange(1, 100, 0)).toEqual({ first: 0, last: 0, total: 0, pages: 1 });
  });
});

describe("readChoice", () => {
  it("accepts only the allowed values", () => {
    const params = new URLSearchParams("stock=short&rack=<x>");
    expect(readChoice(params, "stock", ["short", "ok"] as const)).toBe("short");
    expect(readChoice(params, "rack", ["1", "2"] as const)).toBe("");
  });
});
