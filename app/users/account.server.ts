import { passwordHashOf, setOwnPassword } from "#app/auth/accounts.server.ts";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { newPasswordProblem } from "#app/users/passwords.server.ts";
import { WRONG_PASSWORD_MESSAGE } from "#app/users/rules.ts";

// A user's own password (/account, /change-password): the checks of the people pages; the users
// table's commands are sign-in's (app/auth/accounts.server.ts).

export type PasswordOutcome =
  | { ok: true }
  | (WordedRefusal<"wrong-password" | "new-password"> & { field: "currentPassword" | "newPassword" });

const wrongPassword = {
  ok: false,
  reason: "wrong-password",
  field: "currentPassword",
  message: WRONG_PASSWORD_MESSAGE,
} as const;
const refusedNew = (message: string) =>
  ({ ok: false, reason: "new-password", field: "newPassword", message }) as const;

/**
 * Sets a new password chosen by the user. `current` is checked unless the user is finishing a
 * forced change (they signed in with the temporary password moments ago). Never audited with the
 * password, only that it changed. Every other session and API token of the user ends with the old
 * password (someone who learnt it must not stay signed in); `keepSessionId`, the one making the
 * change, stays.
 */
export async function changePassword(
  db: Tx,
  userId: string,
  input: { current?: string; next: string; keepSessionId: string },
): Promise<PasswordOutcome> {
  const problem = newPasswordProblem(input.next);
  if (problem) return refusedNew(problem);
  const passwordHash = await passwordHashOf(db, userId);
  if (passwordHash === undefined) return wrongPassword;
  if (input.current !== undefined && !(await verifyPassword(input.current, passwordHash)))
    return wrongPassword;
  if (await verifyPassword(input.next, passwordHash))
    return refusedNew("Choose a password different from the current one.");
  await setOwnPassword(db, userId, await hashPassword(input.next), input.keepSessionId);
  return { ok: true };
}
