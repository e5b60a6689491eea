import { describe, expect, it } from "vitest";
import { typeText } from "#app/api/reference.tsx";

// The reference page names each field's type in words, from the JSON Schema the document holds.
describe("typeText", () => {
  it("names plain, union and list types in the page's words", () => {
    expect(typeText({ type: "string" })).toBe("text");
    expect(typeText({ type: ["number", "string"] })).toBe("number or text");
    expect(typeText({ type: "integer" })).toBe("whole number");
    expect(typeText({ type: "array", items: { type: "string" } })).toBe("list of text");
    expect(typeText({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("text or null");
  });

  it("lists the values of an enum or a constant", () => {
    expect(typeText({ type: "string", enum: ["rack", "spare"] })).toBe('one of "rack", "spare"');
    expect(typeText({ const: false })).toBe("false");
  });

  it("says a field zod cannot describe is checked by the server", () => {
    expect(typeText({})).toBe("any (checked by the server)");
    expect(typeText({ description: "Kind of thing" })).toBe("any (checked by the server)");
  });
});
