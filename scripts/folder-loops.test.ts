import { describe, expect, it } from "vitest";
import {
  appFiles,
  checkFolders,
  folderEdges,
  folderLoops,
  importedFolders,
  mutualPairs,
} from "./folder-loops.ts";

const module = (file: string, ...imports: string[]) => ({
  file,
  source: imports.map((target, n) => `import { x${n} } from "#app/${target}";`).join("\n"),
});

describe("the folders a module imports", () => {
  it("reads imports, re-exports, side-effect and dynamic imports, each folder once", () => {
    const source = [
      'import { a } from "#app/audit/log.server.ts";',
      "import {\n  b,\n  c,\n} from '#app/auth/roles.ts';",
      'export { d } from "#app/jobs/jobs.server.ts";',
      'import "#app/ui/toasts.tsx";',
      'const page = await import("#app/sop/list.ts");',
      'import type { E } from "#app/audit/diff.ts";',
      'route("audit", "audit-trail/routes/audit.tsx");',
    ].join("\n");
    expect(importedFolders(source)).toEqual(["audit", "auth", "jobs", "ui", "sop"]);
  });
});

describe("loops between folders", () => {
  it("finds two folders that import each other, and says which files do", () => {
    const edges = folderEdges([
      module("app/audit/history.server.ts", "contracts/table.server.ts"),
      module("app/contracts/queries.server.ts", "audit/log.server.ts", "db/client.server.ts"),
    ]);
    expect(folderLoops(edges)).toEqual([["audit", "contracts"]]);
    expect(mutualPairs(edges)).toEqual(["audit<->contracts"]);
    expect(edges.get("audit")?.get("contracts")).toEqual(["app/audit/history.server.ts"]);
  });

  it("finds a loop through several folders, which no pair shows", () => {
    const edges = folderEdges([
      module("app/contracts/list.tsx", "settings/queries.server.ts"),
      module("app/settings/routes/settings.tsx", "users/components.tsx"),
      module("app/users/routes/account.tsx", "reminders/queries.server.ts"),
      module("app/reminders/rules.ts", "contracts/rules.ts"),
      module("app/reminders/queries.server.ts", "db/client.server.ts"),
    ]);
    expect(mutualPairs(edges)).toEqual([]);
    expect(folderLoops(edges)).toEqual([["contracts", "reminders", "settings", "users"]]);
  });

  it("finds none when every import points down, and leaves out the root files and a folder's own imports", () => {
    const edges = folderEdges([
      module("app/routes.ts", "audit-trail/routes.ts"),
      module("app/audit-trail/list.server.ts", "audit/entries.server.ts", "auth/queries.server.ts"),
      module("app/auth/queries.server.ts", "audit/log.server.ts", "auth/table.server.ts"),
      module("app/audit/log.server.ts", "db/client.server.ts"),
    ]);
    expect(folderLoops(edges)).toEqual([]);
    expect(edges.has("app")).toBe(false);
    expect(edges.get("auth")?.has("auth")).toBe(false);
  });

  it("sets a known loop aside, and reports a known one that is gone", () => {
    const files = [
      module("app/ledger/items.server.ts", "spares/table.server.ts"),
      module("app/spares/queries.server.ts", "ledger/movements.server.ts"),
    ];
    expect(checkFolders(files, ["ledger<->spares"])).toMatchObject({ loops: [], gone: [] });
    expect(checkFolders(files, [])).toMatchObject({ loops: [["ledger", "spares"]] });
    expect(checkFolders(files.slice(1), ["ledger<->spares"])).toMatchObject({
      loops: [],
      gone: ["ledger<->spares"],
    });
  });
});

describe("the app's folders", () => {
  it("have no loop but the known ones, and every known one is still a loop", () => {
    const { loops, gone } = checkFolders(appFiles());
    expect(loops).toEqual([]);
    expect(gone).toEqual([]);
  });
});
