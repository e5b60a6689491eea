import fs from "node:fs";
import path from "node:path";
import { parseSettings } from "#app/lib/env.server.ts";
import { ROTATION_NOTE } from "#app/settings/registration-note.ts";
import { registrationCode } from "./launch.ts";

// `npm run --silent registration-code`: the code new users need to register. `npm start` prints it
// only when it makes it (the first start), so it does not end up in every service log. Once an
// admin rotates the code in /settings, the database holds only its hash: this script then says so.
try {
  const dataDir = path.resolve(parseSettings(process.env).DATA_DIR);
  const note = path.join(dataDir, ROTATION_NOTE);
  if (fs.existsSync(note)) {
    const { rotatedAt } = JSON.parse(fs.readFileSync(note, "utf8")) as { rotatedAt?: string };
    console.error(
      `The registration code was rotated in /settings${rotatedAt ? ` on ${rotatedAt}` : ""}: the code ` +
        "shown there then is the one that works. An admin can rotate it again in /settings to see a new one.",
    );
    process.exit(1);
  }
  const code = registrationCode(process.env);
  if (!code) {
    console.error(`No registration code in ${dataDir} yet: run npm start once (or set REGISTRATION_CODE).`);
    process.exit(1);
  }
  console.log(code);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
