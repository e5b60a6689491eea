import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "#app/lib/redirects.ts";

describe("return address after sign-in", () => {
  it("keeps a page of our own site, with its query and fragment", () => {
    expect(safeRedirect("/amc?x=1")).toBe("/amc?x=1");
    expect(safeRedirect("/AS11/records?page=2#top")).toBe("/AS11/records?page=2#top");
    expect(safeRedirect("/products/Electrician")).toBe("/products/Electrician");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/%09%2Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "/%0a/evil.example",
    "/%5c/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%252F%252Fevil.example",
    "/amc%00",
    "/amc\u0000",
    "/%E0%A4%A",
    " //evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "http:evil.example",
    "/login",
    "/login?redirectTo=/amc",
    "/register",
    "/",
    "",
    undefined,
    42,
  ])("falls back to /home for %j", (target) => {
    expect(safeRedirect(target)).toBe("/home");
  });

  it("encodes unicode paths, so the Location header is plain ASCII", () => {
    expect(safeRedirect("/search?q=ग्राहक")).toBe(
      "/search?q=%E0%A4%97%E0%A5%8D%E0%A4%B0%E0%A4%BE%E0%A4%B9%E0%A4%95",
    );
  });

  // Pieces an attacker mixes into a return address; any mix must stay on our site.
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    "/\\",
    "\t",
    "\r",
    "\n",
    "%09",
    "%0d",
    "%0a",
    "%0D%0A",
    "%5c",
    "%5C",
    "%2f",
    "%2F",
    "%252f",
    "%00",
    "%",
    ".",
    "..",
    ":",
    "@",
    "?",
    "#",
    "evil.example",
    "https:",
    "javascript:",
    "\u3002",
    "\uff0f",
    "\u2028",
    "\u00a0",
    " ",
    "amc",
    "é",
    "🔥",
  );
  const target = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
    fc.array(piece, { maxLength: 8 }).map((parts) => `/${parts.join("")}`),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }).map((text) => `/${text}`),
  );

  it("never leads to another origin, however the target is written (fast-check)", () => {
    const ours = "https://plant.example";
    fc.assert(
      fc.property(target, (candidate) => {
        const result = safeRedirect(candidate);
        if (result === "/home") return;
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        // A Location header must be plain visible ASCII with no backslash.
        expect(result).toMatch(/^[\x21-\x5b\x5d-\x7e]*$/);
        // As the browser reads it, and as a client that decodes it once more would.
        expect(new URL(result, ours).origin).toBe(ours);
        expect(new URL(decodeURIComponent(result), ours).origin).toBe(ours);
      }),
      { numRuns: 5000 },
    );
  });
});
