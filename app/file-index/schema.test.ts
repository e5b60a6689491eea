import { describe, expect, it } from "vitest";
import { fileNameProblems, newFileProblems } from "./rules.ts";
import { fileUpdateSchema, newFileSchema, newFilesBodySchema } from "./schema.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;
const issues = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("a new file (insert row and POST /api/racks)", () => {
  it("takes the number as a number (API) or as digits (form) and trims the name", () => {
    expect(newFileSchema.parse({ id: 7, name: "  Fire NOC  " })).toEqual({ id: 7, name: "Fire NOC" });
    expect(newFileSchema.parse({ id: " 12 ", name: "Boiler" })).toEqual({ id: 12, name: "Boiler" });
  });

  it("says 'Both fields are required.' once, at the form, when either is missing or blank", () => {
    for (const input of [
      {},
      { id: 3 },
      { name: "x" },
      { id: "", name: "x" },
      { id: 3, name: "   " },
      { id: null, name: "x" },
      { id: 3, name: { text: "x" } },
    ]) {
      const result = newFileSchema.safeParse(input);
      expect(issues(result)).toEqual([["", "Both fields are required."]]);
    }
  });

  it("refuses a number that is not a whole number from 1 to 999999", () => {
    for (const id of [0, -1, 1.5, "1.5", "12a", "1e3", 1_000_000, Number.NaN]) {
      const result = newFileSchema.safeParse({ id, name: "x" });
      if (Number.isNaN(id)) {
        expect(firstMessage(result)).toBe("Both fields are required.");
        continue;
      }
      expect(issues(result)).toEqual([["id", "File ID must be a whole number from 1 to 999999."]]);
    }
    expect(newFileSchema.safeParse({ id: 999_999, name: "x" }).success).toBe(true);
  });

  it("caps the name at 200 characters", () => {
    expect(newFileSchema.safeParse({ id: 1, name: "x".repeat(200) }).success).toBe(true);
    expect(issues(newFileSchema.safeParse({ id: 1, name: "x".repeat(201) }))).toEqual([
      ["name", "File name must be at most 200 characters."],
    ]);
  });

  it("needs a files list with at least one file in the API body", () => {
    expect(firstMessage(newFilesBodySchema.safeParse({}))).toBe("Both fields are required.");
    expect(firstMessage(newFilesBodySchema.safeParse({ files: [] }))).toBe("Both fields are required.");
    expect(firstMessage(newFilesBodySchema.safeParse({ files: [{ id: 1 }] }))).toBe(
      "Both fields are required.",
    );
    expect(newFilesBodySchema.parse({ files: [{ id: 1, name: "a" }] })).toEqual({
      files: [{ id: 1, name: "a" }],
    });
  });
});

describe("renaming a file", () => {
  it("says 'File name cannot be empty.' for a blank or missing name", () => {
    for (const input of [{}, { name: "" }, { name: "   " }, { name: null }]) {
      expect(firstMessage(fileUpdateSchema.safeParse(input))).toBe("File name cannot be empty.");
    }
  });

  it("trims the name and reads the version the editor was opened at", () => {
    expect(fileUpdateSchema.parse({ name: " Renamed ", version: "3" })).toEqual({
      name: "Renamed",
      version: 3,
    });
    expect(fileUpdateSchema.parse({ name: "Renamed" })).toEqual({ name: "Renamed" });
    expect(fileUpdateSchema.safeParse({ name: "x", version: "two" }).success).toBe(false);
  });
});

// The browser runs rules.ts's checks without zod (form-state.ts); they must answer as the server does.
describe("the browser's checks agree with the server's schemas", () => {
  const byPath = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
    const problems: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) {
      const key = issue.path.join(".");
      problems[key] = [...(problems[key] ?? []), issue.message];
    }
    return problems;
  };

  it("for a new file", () => {
    const long = "x".repeat(201);
    for (const input of [
      { id: "", name: "" },
      { id: "3", name: "" },
      { id: "", name: "Fire NOC" },
      { id: "3", name: "   " },
      { id: "2.5", name: "Half" },
      { id: "0", name: "Zero" },
      { id: "1000000", name: "Too big" },
      { id: "12a", name: long },
      { id: "7", name: long },
      { id: " 7 ", name: " Fire NOC " },
      { id: null, name: "From a form without the field" },
    ]) {
      expect(newFileProblems(input), JSON.stringify(input)).toEqual(byPath(newFileSchema.safeParse(input)));
    }
  });

  it("for a new file name", () => {
    for (const name of ["", "   ", null, "Renamed", ` ${"y".repeat(200)} `, "y".repeat(201)]) {
      expect(fileNameProblems(name), String(name)).toEqual(byPath(fileUpdateSchema.safeParse({ name })));
    }
  });
});
