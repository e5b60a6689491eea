import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Classic zod (and its English messages) stays out of the browser: modules that can reach it use
// zod/mini, and forms are read by app/ui/form/parse.ts, not by @conform-to/zod (whose coercion
// helpers import classic zod). docs/decisions/007-form-pipeline.md has the measurement.

const APP = path.resolve(import.meta.dirname, "../..");

function browserModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return browserModules(full);
    if (!/\.tsx?$/.test(entry.name) || /\.server\.tsx?$|\.test\.tsx?$/.test(entry.name)) return [];
    return [full];
  });
}

/** The modules a file imports for their values (type-only imports never reach the browser). */
function valueImports(source: string) {
  return [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)]
    .filter(([, typeOnly]) => !typeOnly)
    .map(([, , from]) => from);
}

describe("the browser's form code", () => {
  const modules = browserModules(APP);

  it("finds the app's modules", () => {
    expect(modules.length).toBeGreaterThan(50);
  });

  it("never imports classic zod or Conform's zod adapter outside *.server modules", () => {
    const offenders = modules.flatMap((file) =>
      valueImports(fs.readFileSync(file, "utf8"))
        .filter((from) => from === "zod" || from.startsWith("zod/v") || from.startsWith("@conform-to/zod"))
        .map((from) => `${path.relative(APP, file)}: ${from}`),
    );
    expect(offenders).toEqual([]);
  });
});
