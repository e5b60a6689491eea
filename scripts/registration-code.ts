import path from "node:path";
import { parseSettings } from "#app/lib/env.server.ts";
import { registrationCode } from "./launch.ts";

// `npm run --silent registration-code`: the code new users need to register. `npm start` prints it
// only when it makes it (the first start), so it does not end up in every service log.
try {
  const code = registrationCode(process.env);
  if (!code) {
    const dataDir = path.resolve(parseSettings(process.env).DATA_DIR);
    console.error(`No registration code in ${dataDir} yet: run npm start once (or set REGISTRATION_CODE).`);
    process.exit(1);
  }
  console.log(code);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
