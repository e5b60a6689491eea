import { describe, expect, it } from "vitest";
import { isRecordId } from "#app/lib/record-id.ts";

describe("isRecordId", () => {
  it("takes a UUID in either case", () => {
    expect(isRecordId("0b0f6a8e-3c1d-4f6e-9a7b-2d4c6e8f0a1b")).toBe(true);
    expect(isRecordId("0B0F6A8E-3C1D-4F6E-9A7B-2D4C6E8F0A1B")).toBe(true);
  });

  it("refuses anything else, so it never reaches the database", () => {
    for (const value of [
      "",
      "abc",
      "0b0f6a8e-3c1d-4f6e-9a7b-2d4c6e8f0a1",
      " 0b0f6a8e-3c1d-4f6e-9a7b-2d4c6e8f0a1b",
      null,
      undefined,
      7,
    ])
      expect(isRecordId(value)).toBe(false);
  });
});
