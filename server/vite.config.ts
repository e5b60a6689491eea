import path from "node:path";
import { defineConfig } from "vite";

// The launcher of `npm start` compiled for Node (scripts/build.js): scripts/start.ts with the web
// server and the database lifecycle, one file, packages left to node_modules. Production runs it
// with plain `node`, without tsx.
const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

export default defineConfig({
  root,
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: path.join(root, "scripts/start.ts"),
    outDir: path.join(buildDir, "launcher"),
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: { output: { entryFileNames: "start.js", format: "es" } },
  },
});
