import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureFreshBuild, launcherOf, projectRoot } from "./build.js";

// `npm start`, in plain JavaScript: build when the build is missing or older than the code, then
// run the compiled launcher (scripts/start.ts, built into BUILD_DIR/launcher) in this process.
const buildDir = path.resolve(projectRoot(), process.env.BUILD_DIR ?? "build");
// Each line with the time and the instance, as the app's own (app/lib/log.server.ts).
const stamp = () => `${new Date().toISOString()} ${os.hostname()}:${process.env.PORT || "3000"}`;
try {
  ensureFreshBuild(buildDir, (line) => console.log(`${stamp()} [plantops] ${line}`));
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
await import(pathToFileURL(launcherOf(buildDir)).href);
