import { describe, expect, it } from "vitest";
import { spread } from "./context.ts";

describe("spread", () => {
  it("gives the middle run of three and the range, whatever the order", () => {
    expect(spread([900, 300, 450])).toEqual({ median: 450, min: 300, max: 900 });
  });

  it("averages the two middle runs of an even count", () => {
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
  });

  it("has no figure for no runs", () => {
    expect(spread([]).median).toBeNaN();
  });
});
