import { timingSafeEqual } from "node:crypto";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { registerUser } from "./queries.server.ts";
import { messages } from "./rules.ts";

export type RegistrationOutcome =
  | { ok: true; role: "admin" | "staff" }
  | { ok: false; status: 400 | 409; message: string; field?: "securityCode" | "email" | "password" };

/** The code is compared on the server only (behaviour note 2); a wrong code creates no account. */
export function isRegistrationCode(given: string) {
  const expected = Buffer.from(serverSettings().REGISTRATION_CODE);
  const actual = Buffer.from(given.trim());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function register(input: {
  email: string;
  password: string;
  securityCode: string;
}): Promise<RegistrationOutcome> {
  if (!isRegistrationCode(input.securityCode)) {
    return { ok: false, status: 400, message: messages.invalidCode, field: "securityCode" };
  }
  const result = await registerUser(db, input.email, input.password);
  if (!result.ok) return { ok: false, status: 409, message: result.message, field: "email" };
  return { ok: true, role: result.role };
}
