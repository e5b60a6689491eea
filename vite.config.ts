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
 * Rollup's warnings reach the console, all but two kinds that are expected here, each named:
 * - EMPTY_BUNDLE from a route without browser code (the /api routes, /logout, /api/health: a
 *   loader or an action only). Remix v2 gives every route a browser module and imports it when a
 *   navigation or a form post matches the route (route.lazy), so the empty file is needed and
 *   cannot be left out (remix-run/remix#9055, closed unfixed when Remix v2 went into maintenance).
 *   Measured: 25 such routes, each a 1-byte `*-l0sNRNKZ.js`; the sign-out form (POST /logout) loads one.
 * - INVALID_ANNOTATION in zod's own sources: comments in zod/v4/core (util.js, regexes.js) that
 *   mention `@__PURE__` in prose. zod is needed in the browser (the forms validate there too);
 *   Rollup drops those comments, which changes nothing in the output.
 */
function buildWarning(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? ""))
    return;
  warn(warning);
}
