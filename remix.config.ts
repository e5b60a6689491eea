import type { VitePluginConfig } from "@remix-run/dev";

// Remix plugin options, kept apart from vite.config.ts so the build and the tests read one source.
// Every v3 future flag is on so the move to React Router 7 stays mechanical.
export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  // BUILD_DIR lets parallel e2e runs (several developers on one machine) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: true,
  },
};
