import * as z from "zod/mini";

// Sign-in and registration rules shared by the forms and the server (spec §5, behaviour notes 1–4).
// Schemas that reach the browser use zod/mini: the same rules at a fraction of the bytes.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
export const MAX_FAILED_LOGINS_PER_ADDRESS = 30;

export const messages = {
  invalidLogin: "Invalid email or password.",
  invalidCode: "Invalid security code",
  registered: "User registered successfully!",
  registerFailed: "Error registering user",
  emailTaken: "An account with this e-mail already exists",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  lockedOut: `Too many failed sign-in attempts. Try again in ${LOCKOUT_MINUTES} minutes.`,
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
});

export const registerSchema = z.object({
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

/** Only same-site paths may be returned to after sign-in (no open redirect to another site). */
export function safeRedirect(target: unknown, fallback = "/home"): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\")
  ) {
    return fallback;
  }
  if (target === "/" || target.startsWith("/login") || target.startsWith("/register")) return fallback;
  return target;
}
