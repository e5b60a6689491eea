// The import rule of the app (docs/architecture.md, "Layers"): imports point down only, and
// nothing imports in a circle. `npm run lint:deps` checks it; `npm run lint` (and so `npm test`)
// runs it.
//
// From the top:  app/*.ts(x)  (root, routes, entries, the table list)
//                api/         the /api index, health and 404; composes the features' endpoints
//                shell/       the signed-in frame; composes menus and the alert bell from features
//                composers    audit-trail (/audit), home, backups, registration, imports
//                features     auth, settings, mail, reminders, stock, spares, store-racks, ledger,
//                             contracts, file-index, sop, users: may use each other, never in a loop
//                             (stock, the journal, is below spares and store-racks; the ledger's
//                             pages above them)
//                kits         audit (the log every write goes through), jobs (the queue),
//                             spreadsheets: they name no feature
//                ui/  db/     shared React pieces / the database client: lib only
//                charts/      the chart kit (maths on the server, one SVG component): lib only
//                lib/         pure rules and server helpers: nothing of the app above it
// Unit tests beside the code may import anything (they test the composition too), but not in a
// circle.
//
// Loops between folders (app/a imports app/b, which imports app/a, directly or through other
// folders) are checked by scripts/folder-loops.ts, which `npm run lint:deps` runs after this:
// dependency-cruiser's rules see modules, and a folder-level cycle is not one it can express.

const ROOT_FILES = "^app/[^/]+$";
const LOWER = "^app/(lib|ui|db|styles|charts|i18n)/";
const FEATURE = "^app/(?!(api|shell|lib|ui|db|styles|charts|i18n)/)[^/]+/";
const TEST = "[.]test[.]tsx?$";

const up = (name, comment, from, to) => ({
  name,
  comment,
  severity: "error",
  from: { path: from, pathNot: TEST },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle of imports has no bottom: move the shared piece down a layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    up("lib-is-the-floor", "lib/ imports nothing of the app but lib/.", "^app/lib/", "^app/(?!lib/)"),
    up(
      "db-imports-lib-only",
      "db/ (the client) imports lib/ only: it knows no feature.",
      "^app/db/",
      "^app/(?!(db|lib)/)",
    ),
    up(
      "ui-imports-lib-only",
      "ui/ (shared React pieces) imports lib/ and i18n/ (the page's words) only: never the database, never a feature.",
      "^app/ui/",
      "^app/(?!(ui|lib|styles|i18n)/)",
    ),
    up(
      "charts-imports-lib-only",
      "charts/ (the chart kit) imports lib/ and i18n/ only: the features give it their figures.",
      "^app/charts/",
      "^app/(?!(charts|lib|i18n)/)",
    ),
    {
      name: "d3-on-the-server-only",
      comment:
        "Chart maths (d3-*) runs in *.server.ts modules only: Remix leaves those out of the browser's chunks, so the page gets the drawn numbers, never the library (docs/decisions/015).",
      severity: "error",
      from: { path: "^app/", pathNot: `[.]server[.]tsx?$|${TEST}` },
      to: { path: "(^|/)node_modules/d3-" },
    },
    {
      name: "feature-tables-are-private",
      comment:
        "A feature's table is read and written through its own modules (queries, commands): import another folder's function, not its table.server.ts. Only app/tables.server.ts (the list for drizzle-kit and the seed), another table's foreign keys and tests import it.",
      severity: "error",
      from: {
        path: "^app/([^/]+)/",
        pathNot: [TEST, "/table[.]server[.]ts$"],
      },
      to: { path: "^app/([^/]+)/table[.]server[.]ts$", pathNot: "^app/$1/" },
    },
    up(
      "features-below-api-and-root",
      "A feature never imports the /api index, the shell's code or the root files: they compose features.",
      FEATURE,
      `${ROOT_FILES}|^app/api/`,
    ),
    {
      name: "features-read-shell-types-only",
      comment:
        "A feature may read the shell's loader data (import type ShellData), nothing else of the shell.",
      severity: "error",
      from: { path: FEATURE, pathNot: TEST },
      to: { path: "^app/shell/", dependencyTypesNot: ["type-only"] },
    },
    up(
      "shell-below-api-and-root",
      "The shell never imports the /api index or the root files.",
      "^app/shell/",
      `${ROOT_FILES}|^app/api/`,
    ),
    up("api-below-root", "The /api index never imports the root files.", "^app/api/", ROOT_FILES),
    up("lower-layers-know-no-feature", "Shared layers never import a feature.", LOWER, FEATURE),
    {
      name: "app-stands-alone",
      comment: "The app never imports tests, scripts or the server around it.",
      severity: "error",
      from: { path: "^app/", pathNot: TEST },
      to: { path: "^(tests|scripts|server)/" },
    },
    {
      name: "route-config-at-build-only",
      comment:
        "@remix-run/route-config loads @remix-run/dev: only app/routes.ts (read at build time) may use it; feature routes.ts use #app/lib/route-entry.ts.",
      severity: "error",
      from: { path: "^app/", pathNot: `^app/routes[.]ts$|${TEST}` },
      to: { path: "@remix-run/route-config", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-imports-by-hash",
      comment: "Import app code as #app/<folder>/<file> (package.json imports), never by a relative path.",
      severity: "error",
      from: {},
      to: { path: "^app/", dependencyTypesNot: ["aliased-subpath-import"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|drizzle|public)/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs"],
    },
    cache: false,
  },
};
