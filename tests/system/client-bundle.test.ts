import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The chart maths stays on the server (issue 36, docs/decisions/015): the built browser chunks
// hold no d3. `npm test` builds before this project runs; .dependency-cruiser.cjs's rule
// "d3-on-the-server-only" checks the imports, this checks what was actually bundled.

const BUILD = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const ASSETS = path.join(BUILD, "client", "assets");

/** Text only d3 brings: d3-format's default locale and d3-path's message (d3-shape draws with it). */
const D3_SIGNATURES = ['currency:["$",""]', "invalid digits: "];

describe("the browser's chunks", () => {
  it("are built", () => {
    expect(fs.existsSync(ASSETS), `${ASSETS}: run npm run build first`).toBe(true);
  });

  it("hold none of d3 (the charts arrive drawn)", () => {
    const chunks = fs.readdirSync(ASSETS).filter((name) => name.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(10);
    const offenders = chunks.flatMap((name) => {
      const text = fs.readFileSync(path.join(ASSETS, name), "utf8");
      return D3_SIGNATURES.filter((signature) => text.includes(signature)).map(
        (signature) => `${name}: ${signature}`,
      );
    });
    expect(offenders).toEqual([]);
  });

  it("would see d3 if it were there (the signatures are d3's own)", () => {
    const d3 = ["d3-format/dist/d3-format.min.js", "d3-path/dist/d3-path.min.js"].map((file) =>
      fs.readFileSync(path.resolve(import.meta.dirname, "../../node_modules", file), "utf8"),
    );
    expect(D3_SIGNATURES.every((signature) => d3.some((text) => text.includes(signature)))).toBe(true);
  });
});
