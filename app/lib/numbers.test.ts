import { describe, expect, it } from "vitest";
import { ungroupDigits } from "#app/lib/numbers.ts";

describe("ungroupDigits", () => {
  it("takes out the commas of thousands grouped the usual or the Indian way", () => {
    expect(ungroupDigits(" 1,250 ")).toBe("1250");
    expect(ungroupDigits("1,234,567.25")).toBe("1234567.25");
    expect(ungroupDigits("1,25,000")).toBe("125000");
    expect(ungroupDigits("-12,50,000.5")).toBe("-1250000.5");
  });

  it("leaves what is not whole groups as written, for the field's rule to refuse", () => {
    for (const text of ["1,25", "1,2", "12,3456", "1,,250", ",250", "1,250,", "2.5", "two"])
      expect(ungroupDigits(text)).toBe(text);
  });
});
