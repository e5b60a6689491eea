import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Admin Racks ships without zod and Conform in the browser (architecture.md budgets: they were
// ~32 KB gzip of its 132 KB). The modules its page renders with must not bring them back; the
// route modules may use them in loaders and actions, which never reach the browser.
const BROWSER_MODULES = ["components.tsx", "form-state.ts", "hrefs.ts", "hydrated.ts", "list.ts", "rules.ts"];

describe("the Admin Racks page's browser modules", () => {
  it.each(BROWSER_MODULES)("%s imports neither zod nor Conform (types aside)", (name) => {
    const source = fs.readFileSync(path.join(import.meta.dirname, name), "utf8");
    const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)]
      .filter(([, typeOnly]) => !typeOnly)
      .map(([, , from]) => from);
    expect(imports.filter((from) => /^(zod|@conform-to)(\/|$)|\/schema\.ts$/.test(from))).toEqual([]);
  });
});
