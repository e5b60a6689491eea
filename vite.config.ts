import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Rollup } from "vite";
import { remixConfig } from "./remix.config.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig)],
  server: { port: 3000 },
  build: { target: "es2020", rollupOptions: { onwarn: buildWarning } },
});

/**
 * Rollup's warnings reach the console (a first `npm start` prints only our own progress lines), but
 * for two kinds whose cause is upstream and cannot be removed from here, each matched narrowly:
 * - EMPTY_BUNDLE, "Generated an empty chunk", one per resource route (the /api routes, /logout:
 *   a loader or an action and no browser code). The Remix v2 Vite plugin makes every route of the
 *   route config an entry of the browser build, and its manifest must name a browser module for
 *   each (the client router imports it when a form posts to the route, as the sign-out form does),
 *   so the chunk cannot be left out: remix-run/remix#9055, closed unfixed when Remix v2 went into
 *   maintenance (2.17.5, the last release, still does it). Only leaving the route tree would avoid
 *   it (serving /api from server/app.ts), a change of the route layout, not of the build.
 * - INVALID_ANNOTATION for two prose comments in zod's own sources (zod/v4/core util.js and
 *   regexes.js, since zod 4.5) that mention `@__PURE__` in backquotes: Rollup reads them as
 *   misplaced annotations (colinhacks/zod#6619, open). Rollup drops the comments, which changes
 *   nothing in the output. zod 4.3 has no such comments, but going back would give up the
 *   tree-shaking work those comments describe (not measured here). A real misplaced annotation
 *   (not in backquotes) in zod, or any in another package, still shows.
 */
function buildWarning(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (
    warning.code === "INVALID_ANNOTATION" &&
    /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "") &&
    /`@__PURE__`/.test(warning.message)
  )
    return;
  warn(warning);
}
