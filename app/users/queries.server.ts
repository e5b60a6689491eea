import {
  type AccountListView,
  addAccount,
  listAccounts,
  resetAccountPassword,
} from "#app/auth/accounts.server.ts";
import { hashPassword } from "#app/auth/password.server.ts";
import type { Role } from "#app/auth/roles.ts";
import type { Tx } from "#app/db/client.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { searchFields, sortHows } from "#app/lib/record.ts";
import type { UserSort } from "#app/users/list.ts";
import { temporaryPassword } from "#app/users/passwords.server.ts";
import { userRecord } from "#app/users/record.ts";

// User administration (issue 16). The users table and its commands are sign-in's
// (app/auth/accounts.server.ts); the people pages bring the list's view, derived from the user
// record, and the temporary passwords an admin hands out.

const userListView: AccountListView<UserSort> = {
  search: searchFields(userRecord),
  sorts: {
    ...(Object.fromEntries(
      Object.entries(sortHows(userRecord)).map(([name, how]) => [name, { column: name, how }]),
    ) as Omit<AccountListView<UserSort>["sorts"], "created">),
    created: { column: "createdAt", how: "value" },
  },
};

export const listUsers = (db: Tx, params: ListParams<UserSort>) => listAccounts(db, params, userListView);

/** Adds an account with a temporary password (shown once), to be changed at first sign-in. */
export async function addUser(db: Tx, input: { email: string; name: string; role: Role }, byUserId: string) {
  const password = temporaryPassword();
  const added = await addAccount(db, { ...input, passwordHash: await hashPassword(password) }, byUserId);
  return added.ok ? { ...added, temporaryPassword: password } : added;
}

/** A new temporary password (shown once), every session revoked, a change forced at next sign-in. */
export async function resetPassword(db: Tx, targetId: string, byUserId: string) {
  const password = temporaryPassword();
  const reset = await resetAccountPassword(db, targetId, await hashPassword(password), byUserId);
  return reset.ok ? { ...reset, temporaryPassword: password } : reset;
}
