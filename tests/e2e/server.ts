import fs from "node:fs";
import path from "node:path";
import { launch } from "../../scripts/launch.ts";

// The app for the e2e run: the real launcher on a fresh embedded database.
const dataDir = path.resolve(process.env.DATA_DIR ?? "/tmp/plantops-e2e");
fs.rmSync(dataDir, { recursive: true, force: true });
const app = await launch({ ...process.env, DATA_DIR: dataDir }, (line) => console.log(line));
const stop = () => void app.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
