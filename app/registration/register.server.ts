import { PasswordWorkBusy } from "#app/auth/password.server.ts";
import { closeRegistrationAttempt, openRegistrationAttempt, registerUser } from "#app/auth/queries.server.ts";
import type { Role } from "#app/auth/roles.ts";
import { messages, tooManyRegistrations, tooManySignIns } from "#app/auth/rules.ts";
import { db } from "#app/db/client.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { getRegistrationSettings, isCurrentRegistrationCode } from "#app/settings/registration.server.ts";
import { registrationClosedMessage } from "#app/settings/registration.ts";

// Signing up with the plant's code (the /register page and POST /api/auth/register): above both
// auth (the accounts, the attempts' throttle) and settings (open or closed, the role given, the
// code), which the /settings page edits; auth itself reads no setting.

/** Why a registration is refused: registration closed, a wrong code, too many tries, the e-mail taken. */
export type RegistrationRefusal = "closed" | "invalid-code" | "throttled" | "email-taken";

export type RegistrationOutcome =
  | { ok: true; role: Role }
  | WordedRefusal<Exclude<RegistrationRefusal, "throttled">>
  | (WordedRefusal<"throttled"> & { retryAfterSeconds: number });

/** The HTTP status of each refusal, on the /register page and in the API. */
export const REGISTRATION_REFUSAL_STATUS: Record<RegistrationRefusal, 400 | 403 | 409 | 429> = {
  closed: 403,
  "invalid-code": 400,
  throttled: 429,
  "email-taken": 409,
};

type RegistrationInput = { email: string; password: string; securityCode: string; name?: string };

/**
 * Registration from the /register form or POST /api/auth/register: the attempt is counted
 * (per address and in all) before the code is checked, so the code cannot be guessed at speed.
 */
export async function registerFrom(address: string, input: RegistrationInput): Promise<RegistrationOutcome> {
  if (!(await getRegistrationSettings(db)).open) return closed();
  const gate = await openRegistrationAttempt(db, address);
  if (!gate.ok) {
    return {
      ok: false,
      reason: "throttled",
      message: tooManyRegistrations(gate.retryAfterSeconds),
      retryAfterSeconds: Math.ceil(gate.retryAfterSeconds),
    };
  }
  if (await isRegistrationCode(input.securityCode)) await closeRegistrationAttempt(db, gate.attemptId);
  return register(input);
}

const closed = (): RegistrationOutcome => ({
  ok: false,
  reason: "closed",
  message: registrationClosedMessage,
});

/**
 * The code is compared on the server only (README difference 2); a wrong code creates no account.
 * The current code is REGISTRATION_CODE until an admin rotates it in /settings.
 */
export function isRegistrationCode(given: string) {
  return isCurrentRegistrationCode(db, given);
}

export async function register(input: RegistrationInput): Promise<RegistrationOutcome> {
  const settings = await getRegistrationSettings(db);
  if (!settings.open) return closed();
  if (!(await isRegistrationCode(input.securityCode))) {
    return { ok: false, reason: "invalid-code", message: messages.invalidCode };
  }
  let result: Awaited<ReturnType<typeof registerUser>>;
  try {
    result = await registerUser(db, input.email, input.password, settings.role, input.name ?? "");
  } catch (error) {
    // Hashing the new password waits its turn like a sign-in (password.server.ts).
    if (error instanceof PasswordWorkBusy)
      return { ok: false, reason: "throttled", message: tooManySignIns(60), retryAfterSeconds: 60 };
    throw error;
  }
  if (!result.ok) return { ok: false, reason: "email-taken", message: result.message };
  return { ok: true, role: result.role };
}
