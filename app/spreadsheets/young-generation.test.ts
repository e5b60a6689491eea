import { describe, expect, it } from "vitest";
import { holdingYoungGeneration } from "#app/spreadsheets/young-generation.server.ts";

describe("holding V8's young generation while exports run", () => {
  it("holds it from the first export's start to the last one's end, when they overlap", async () => {
    const factors: number[] = [];
    const set = (factor: number) => factors.push(factor);
    let finishFirst = () => {};
    const first = holdingYoungGeneration(
      () =>
        new Promise<void>((resolve) => {
          finishFirst = resolve;
        }),
      set,
    );
    const second = holdingYoungGeneration(async () => "second", set);
    expect(await second).toBe("second");
    // The first is still running: the hold stays.
    expect(factors).toEqual([1]);
    finishFirst();
    await first;
    expect(factors).toEqual([1, 2]);
  });

  it("lets it grow again when an export fails", async () => {
    const factors: number[] = [];
    const failing = holdingYoungGeneration(
      async () => {
        throw new Error("the client went away");
      },
      (factor) => factors.push(factor),
    );
    await expect(failing).rejects.toThrow("the client went away");
    expect(factors).toEqual([1, 2]);
  });
});
