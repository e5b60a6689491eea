import { describe, expect, it } from "vitest";
import { messages } from "#app/file-index/rules.ts";
import { fileUpdateSchema, newFileSchema, newFilesBodySchema } from "#app/file-index/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

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

describe("the insert row as posted (the same parse in the browser and the action)", () => {
  const posted = (id: string, name: string) => {
    const form = new FormData();
    form.append("id", id);
    form.append("name", name);
    return parseSubmission(form, newFileSchema);
  };

  it("answers the form's and the fields' messages by form name", () => {
    expect(posted("", "Fire NOC").reply().error).toEqual({ "": [messages.bothRequired] });
    expect(posted("2.5", "x".repeat(201)).reply().error).toEqual({
      id: [messages.wholeNumber],
      name: [messages.nameTooLong],
    });
    const saved = posted(" 7 ", " Fire NOC ");
    expect(saved.status).toBe("success");
    if (saved.status === "success") expect(saved.value).toEqual({ id: 7, name: "Fire NOC" });
  });
});
