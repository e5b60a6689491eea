import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_PROCESS_ENV } from "./process-env.js";

describe("the web server's process environment", () => {
  it("is what `npm start` sets before node starts, so the bench measures what a plant runs", () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../package.json"), "utf8"),
    ) as {
      scripts: Record<string, string>;
    };
    const prefix = Object.entries(SERVER_PROCESS_ENV)
      .map(([name, value]) => `${name}=${value} `)
      .join("");
    expect(manifest.scripts.start).toBe(`${prefix}node scripts/start.js`);
  });
});
