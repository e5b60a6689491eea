import { describe, expect, it } from "vitest";
import { groupDigits, ungroupDigits } from "#app/lib/numbers.ts";

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

describe("groupDigits", () => {
  const intl = new Intl.NumberFormat("en-IN");

  it("writes figures as Intl's en-IN does: the Indian grouping, at most three decimals", () => {
    expect(groupDigits(100000)).toBe("1,00,000");
    expect(groupDigits(1234567.25)).toBe("12,34,567.25");
    expect(groupDigits(-1)).toBe("-1");
    expect(groupDigits(13.5)).toBe("13.5");
    expect(groupDigits(0.0004)).toBe("0");
    expect(groupDigits(2.0005)).toBe(intl.format(2.0005));
    const values = [1, 7, 999, 1000, 99999, 100000, 123456789, 10 ** 15, 0.1, 0.125, 1.0625, 2.9999];
    // Seeded, so a failure can be run again: whole numbers and decimals of every size, both signs.
    let seed = 33;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const size = 10 ** Math.floor(next() * 13);
      const value = i % 2 ? Math.round(next() * size) : next() * size;
      if (value >= 0.0005) values.push(i % 3 ? value : -value);
    }
    for (const value of values) expect(groupDigits(value), String(value)).toBe(intl.format(value));
  });

  it("never writes a minus zero (Intl writes -0 for what rounds to zero from below)", () => {
    expect(groupDigits(-0)).toBe("0");
    expect(groupDigits(-0.0001)).toBe("0");
  });

  it("is the reading ungroupDigits takes back", () => {
    for (const value of [1250, 125000, -1250000.5, 12345678.125])
      expect(Number(ungroupDigits(groupDigits(value)))).toBe(value);
  });

  it("writes what is not a finite figure as JavaScript does", () => {
    expect(groupDigits(Number.NaN)).toBe("NaN");
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe("Infinity");
  });
});
