import { randomBytes } from "node:crypto";
import { isCommonPassword } from "#app/users/common-passwords.server.ts";
import { COMMON_PASSWORD_MESSAGE } from "#app/users/rules.ts";

// No 0/O, 1/l/I: an admin reads the temporary password out or writes it down for the user.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A temporary password: three groups of four, ~59 bits, shown once to the admin. */
export function temporaryPassword(): string {
  const letters = Array.from(randomBytes(12), (byte) => ALPHABET[byte % ALPHABET.length]);
  return [0, 4, 8].map((start) => letters.slice(start, start + 4).join("")).join("-");
}

/** The server's extra check of a new password (the schema has done the length): null when fine. */
export function newPasswordProblem(password: string): string | null {
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}
