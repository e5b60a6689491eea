import { describe, expect, it } from "vitest";
import { onlySearchChanged } from "#app/shell/revalidate.ts";

const url = (path: string) => new URL(path, "http://plant.test");

describe("the shell's loader is not run again for a typed search", () => {
  it("skips a search typed into the list's box (a GET form, as Remix v2 names it or uppercase)", () => {
    for (const formMethod of ["get", "GET", undefined])
      expect(
        onlySearchChanged({
          currentUrl: url("/products/Electrician?q=pum"),
          nextUrl: url("/products/Electrician?q=pump"),
          formMethod,
        }),
      ).toBe(true);
  });

  it("runs it for a save, another page, or another filter", () => {
    const currentUrl = url("/products/Electrician?q=pump");
    expect(
      onlySearchChanged({ currentUrl, nextUrl: url("/products/Electrician?q=pump"), formMethod: "post" }),
    ).toBe(false);
    expect(onlySearchChanged({ currentUrl, nextUrl: url("/products/FireFight?q=pump") })).toBe(false);
    expect(onlySearchChanged({ currentUrl, nextUrl: url("/products/Electrician?q=pump&stock=below") })).toBe(
      false,
    );
  });
});
