import * as z from "zod/mini";
import { singleLineCheck } from "#app/lib/text-checks.ts";

// Sign-in and registration rules shared by the forms and the server (the legacy app, README differences 1–4).
// Schemas that reach the browser use zod/mini: the same rules at a fraction of the bytes.

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Sign-in throttling (issue 13): failures slow the guesser down instead of locking the owner
 * out. Counted in the database over the last hour, per (account, address), per address and per
 * account; README "Sign-in and sessions" states these numbers.
 */
export const signInLimits = {
  windowMinutes: 60,
  /** Failures of one account from one address before each next try waits 1 s, 2 s, 4 s … */
  pairFreeFailures: 5,
  /** Failures from one address (any accounts) before it is slowed down the same way. */
  addressFreeFailures: 20,
  /** The longest wait the growing delays reach. */
  maxDelaySeconds: 5 * 60,
  /** Failures of one account from all addresses together that stop its sign-ins for the hour. */
  accountCeiling: 100,
  /** Failures across all accounts per minute (made-up e-mails cost a password check each). */
  globalFailuresPerMinute: 60,
} as const;

/** An account as the people list shows it: disabled, locked by sign-in failures, or active. */
export type AccountStatus = "active" | "disabled" | "locked";

/** Why an admin's change of an account is refused (the people pages word it and pick the status). */
export type AccountRefusal = "not-found" | "not-admin" | "last-admin" | "email-taken";

/** Registration: wrong attempts per address and in all, per 15 minutes. */
export const registrationLimits = {
  windowMinutes: 15,
  perAddress: 10,
  global: 100,
} as const;

/** Seconds to wait after `failures` failures when the first `free` ones cost nothing: 1, 2, 4 … capped. */
export function throttleDelaySeconds(
  failures: number,
  free: number,
  maxSeconds: number = signInLimits.maxDelaySeconds,
) {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), maxSeconds);
}

/** "12 seconds", "a minute", "4 minutes": how long the answer asks to wait, rounded up. */
export function waitText(seconds: number) {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? "1 second" : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

export const tooManySignIns = (seconds: number) =>
  `Too many sign-in attempts, try again in ${waitText(seconds)}.`;
export const tooManyRegistrations = (seconds: number) =>
  `Too many registration attempts, try again in ${waitText(seconds)}.`;

export const messages = {
  invalidLogin: "Invalid email or password.",
  invalidCode: "Invalid security code",
  registered: "User registered successfully!",
  registerFailed: "Error registering user",
  emailTaken: "An account with this e-mail already exists",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
} as const;

const email = z.pipe(
  z
    .string({ error: "E-mail is required." })
    .check(z.trim(), z.minLength(1, "E-mail is required."), z.maxLength(254, "E-mail is too long.")),
  z.email("Enter a valid e-mail address."),
);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required." })
    .check(z.minLength(1, "Password is required."), z.maxLength(200)),
  redirectTo: z.optional(z.string()),
  /** "This is a shared terminal": the cookie ends with the browser, idle sign-out after 30 minutes. */
  sharedTerminal: z.optional(z.string()),
});

const MAX_NAME = 120;

/** POST /api/auth/register: `name` is optional there (older clients send none), trimmed. */
export const registerSchema = z.object({
  name: z.pipe(
    z.optional(
      z
        .string({ error: "Name must be text." })
        .check(
          singleLineCheck,
          z.trim(),
          z.maxLength(MAX_NAME, `Name is too long (at most ${MAX_NAME} characters).`),
        ),
    ),
    z.transform((value) => value ?? ""),
  ),
  email,
  password: z
    .string({ error: "Password is required." })
    .check(
      z.minLength(1, "Password is required."),
      z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort),
      z.maxLength(200, "Password is too long."),
    ),
  securityCode: z
    .string({ error: "Security code is required." })
    .check(z.trim(), z.minLength(1, "Security code is required.")),
});

/** The /register form: the name is required there; it is how records show who entered them. */
export const registerFormSchema = z.object({
  ...registerSchema.shape,
  name: z
    .string({ error: "Name is required." })
    .check(
      singleLineCheck,
      z.trim(),
      z.minLength(1, "Name is required."),
      z.maxLength(MAX_NAME, `Name is too long (at most ${MAX_NAME} characters).`),
    ),
});
