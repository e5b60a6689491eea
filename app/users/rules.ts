import * as z from "zod/mini";
import { ROLES } from "#app/auth/roles.ts";
import { type AccountRefusal, type AccountStatus, MIN_PASSWORD_LENGTH, messages } from "#app/auth/rules.ts";
import { singleLineCheck } from "#app/lib/text-checks.ts";

// People (issue 16): the forms of /users, /account and /change-password, shared by the browser and
// the server. The common-password list is checked on the server only (it stays out of the pages).

export const LAST_ADMIN_MESSAGE = "There must be at least one admin";
export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common ones; choose another.";
export const WRONG_PASSWORD_MESSAGE = "Your current password is not right.";
export const PASSWORD_CHANGED = "Password changed. You were signed out everywhere else.";
export const PASSWORDS_DIFFER_MESSAGE = "The two new passwords are not the same.";
export const NOT_ADMIN_MESSAGE = "Only an administrator can do this.";

/** How the people pages answer a refused change of an account: its status and its words. */
export const ACCOUNT_REFUSALS: Record<AccountRefusal, { status: 403 | 404 | 409; message: string }> = {
  "not-found": { status: 404, message: "No such user." },
  "not-admin": { status: 403, message: NOT_ADMIN_MESSAGE },
  "last-admin": { status: 409, message: LAST_ADMIN_MESSAGE },
  "email-taken": { status: 409, message: messages.emailTaken },
};

export const STATUS_LABELS: Record<AccountStatus, string> = {
  active: "Active",
  disabled: "Disabled",
  locked: "Locked",
};

const email = z.pipe(
  z
    .string({ error: "E-mail is required." })
    .check(z.trim(), z.minLength(1, "E-mail is required."), z.maxLength(254, "E-mail is too long.")),
  z.email("Enter a valid e-mail address."),
);

const name = z.pipe(
  z.optional(z.string().check(singleLineCheck, z.trim(), z.maxLength(120, "At most 120 characters."))),
  z.transform((value) => value ?? ""),
);

const role = z.enum(ROLES, { error: "Choose a role." });

export const addUserSchema = z.object({ intent: z.literal("add"), email, name, role });

/** The per-user actions of /users/:id. */
export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), role }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("reset") }),
  z.object({ intent: z.literal("unlock") }),
]);

const newPassword = z
  .string({ error: "New password is required." })
  .check(
    z.minLength(1, "New password is required."),
    z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort),
    z.maxLength(200, "Password is too long."),
  );

const passwordPair = {
  newPassword,
  confirmPassword: z.string({ error: "Repeat the new password." }),
};
const samePasswords = z.refine<{ newPassword: string; confirmPassword: string }>(
  (value) => value.newPassword === value.confirmPassword,
  { message: PASSWORDS_DIFFER_MESSAGE, path: ["confirmPassword"] },
);

/** /account's password form: the current password is required. */
export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z
      .string({ error: "Current password is required." })
      .check(z.minLength(1, "Current password is required."), z.maxLength(200)),
    ...passwordPair,
  })
  .check(samePasswords);

/**
 * The forced change after an admin made or reset the account: the user has just signed in with
 * the temporary password, so it is not asked again.
 */
export const forcedPasswordSchema = z.object(passwordPair).check(samePasswords);

export const accountNameSchema = z.object({ intent: z.literal("name"), name });

/** /account's language: a catalogue's code (the server checks it is one), or blank for the plant's default. */
export const accountLanguageSchema = z.object({
  intent: z.literal("language"),
  language: z._default(z.string().check(z.regex(/^([a-z]{2,3})?$/, "Choose a language.")), ""),
});

export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out"), sessionId: z.string().check(z.maxLength(64)) }),
  z.object({ intent: z.literal("sign-out-others") }),
]);
