import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { hashPassword } from "#app/auth/password.server.ts";
import { revokeUserSessions } from "#app/auth/queries.server.ts";
import type { Role } from "#app/auth/roles.ts";
import { messages, signInLimits } from "#app/auth/rules.ts";
import { loginAttempts, users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { matchSearch, orderBy, pageOf, searchText, totalColumn } from "#app/db/list.server.ts";
import { isRecordId, isUniqueViolation, nextVersion } from "#app/db/records.server.ts";
import { withoutNul } from "#app/lib/http.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { searchFields } from "#app/lib/record.ts";
import type { UserSort } from "#app/users/list.ts";
import { temporaryPassword } from "#app/users/passwords.server.ts";
import { userRecord } from "#app/users/record.ts";
import { LAST_ADMIN_MESSAGE, NOT_ADMIN_MESSAGE, type UserStatus } from "#app/users/rules.ts";

// User administration (issue 16). Every change runs in one transaction with its audit record;
// the ones that could leave the plant without an admin hold one advisory lock while they count.

export type Outcome<T = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/**
 * Failures counted against the account since its last success within the sign-in window: at
 * signInLimits.pairFreeFailures or more, its next sign-in waits (issue 13), so the list calls
 * it "locked" until the wait is over or an admin unlocks it.
 */
const countedFailures = sql<number>`(
  select count(*)::int from ${loginAttempts} la
  where la.email = lower(${users.email}) and not la.succeeded
    and la.created_at > now() - make_interval(mins => ${signInLimits.windowMinutes})
    and la.created_at > coalesce(
      (select max(ok.created_at) from ${loginAttempts} ok where ok.email = lower(${users.email}) and ok.succeeded),
      '-infinity'))`;

const statusColumn = sql<UserStatus>`case
  when ${users.disabledAt} is not null then 'disabled'
  when ${countedFailures} >= ${signInLimits.pairFreeFailures} then 'locked'
  else 'active' end`;

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  lastSignInAt: Date | null;
  createdAt: Date;
};

const rowColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  status: statusColumn,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

// A plant has tens of accounts, not thousands: the search reads the table without a trigram index.
const userSearch = searchText(searchFields(userRecord).map((field) => sql`${users[field]}`));

const sortColumns: Record<UserSort, SQL> = {
  email: sql`lower(${users.email})`,
  name: sql`lower(${users.name})`,
  role: sql`${users.role}`,
  lastSignInAt: sql`${users.lastSignInAt}`,
  created: sql`${users.createdAt}`,
};

export async function listUsers(db: Tx, params: ListParams<UserSort>) {
  return pageOf(params, (limit, offset) =>
    db
      .select({ ...rowColumns, total: totalColumn })
      .from(users)
      .where(matchSearch(userSearch, params.q))
      .orderBy(...orderBy(sortColumns, params, users.id))
      .limit(limit)
      .offset(offset),
  ) as Promise<{ rows: UserRow[]; total: number; page: number }>;
}

export async function findUserRow(db: Tx, id: string): Promise<UserRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, id));
  return row as UserRow | undefined;
}

/** Adds an account with a temporary password, to be changed at first sign-in. */
export async function addUser(
  db: Tx,
  input: { email: string; name: string; role: Role },
  byUserId: string,
): Promise<Outcome<{ userId: string; temporaryPassword: string }>> {
  const email = withoutNul(input.email);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing) return { ok: false as const, status: 409 as const, message: messages.emailTaken };
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: withoutNul(input.name),
          role: input.role,
          passwordHash,
          mustChangePassword: true,
          createdBy: byUserId,
          updatedBy: byUserId,
        })
        .returning({ id: users.id });
      await audit(tx, {
        userId: byUserId,
        action: "create",
        entity: "user",
        entityId: user.id,
        after: { email, name: input.name, role: input.role, mustChangePassword: true },
      });
      return { ok: true as const, userId: user.id, temporaryPassword: password };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: messages.emailTaken };
    throw error;
  }
}

type Target = typeof users.$inferSelect;

/**
 * Runs an admin's change of one account under the people lock (7016): the acting admin must still
 * be an active admin, and `keepsAdmin(target)` false means the change takes an active admin away,
 * refused when none would be left. Two admins demoting each other at once queue on the lock, so
 * exactly one succeeds.
 */
async function changeUser<T extends object>(
  db: Tx,
  targetId: string,
  byUserId: string,
  options: { keepsAdmin: (target: Target) => boolean },
  change: (tx: Tx, target: Target) => Promise<T>,
): Promise<Outcome<T>> {
  if (!isRecordId(targetId)) return { ok: false, status: 404, message: "No such user." };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7016)`);
    const [actor] = await tx
      .select({ role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, byUserId));
    if (!actor || actor.role !== "admin" || actor.disabledAt)
      return { ok: false as const, status: 403 as const, message: NOT_ADMIN_MESSAGE };
    const [target] = await tx.select().from(users).where(eq(users.id, targetId));
    if (!target) return { ok: false as const, status: 404 as const, message: "No such user." };
    const activeAdmin = target.role === "admin" && !target.disabledAt;
    if (activeAdmin && !options.keepsAdmin(target)) {
      const [{ others }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, target.id)));
      if (others === 0) return { ok: false as const, status: 409 as const, message: LAST_ADMIN_MESSAGE };
    }
    return { ok: true as const, ...(await change(tx, target)) };
  });
}

const touched = (byUserId: string) => ({
  updatedAt: new Date(),
  updatedBy: byUserId,
  version: nextVersion(users),
});

export function changeRole(db: Tx, targetId: string, role: Role, byUserId: string) {
  return changeUser(db, targetId, byUserId, { keepsAdmin: () => role === "admin" }, async (tx, target) => {
    if (target.role === role) return {};
    await tx
      .update(users)
      .set({ role, ...touched(byUserId) })
      .where(eq(users.id, target.id));
    await audit(tx, {
      userId: byUserId,
      action: "update",
      entity: "user",
      entityId: target.id,
      before: { role: target.role },
      after: { role },
    });
    return {};
  });
}

/** Disables the account and revokes every session at once (API tokens name a session). */
export function disableUser(db: Tx, targetId: string, byUserId: string) {
  return setDisabled(db, targetId, byUserId, true);
}

export function enableUser(db: Tx, targetId: string, byUserId: string) {
  return setDisabled(db, targetId, byUserId, false);
}

/** Disable or enable, audited; a no-op when the account already is so. Disabling ends its sessions. */
function setDisabled(db: Tx, targetId: string, byUserId: string, disabled: boolean) {
  // Disabling an admin must leave another active admin; enabling one never removes an admin.
  return changeUser(db, targetId, byUserId, { keepsAdmin: () => !disabled }, async (tx, target) => {
    if (Boolean(target.disabledAt) === disabled) return {};
    await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, ...touched(byUserId) })
      .where(eq(users.id, target.id));
    if (disabled) await revokeUserSessions(tx, target.id);
    await audit(tx, {
      userId: byUserId,
      action: "update",
      entity: "user",
      entityId: target.id,
      before: { disabled: !disabled },
      after: { disabled },
    });
    return {};
  });
}

/** A new temporary password (shown once), every session revoked, a change forced at next sign-in. */
export async function resetPassword(db: Tx, targetId: string, byUserId: string) {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return changeUser(db, targetId, byUserId, { keepsAdmin: () => true }, async (tx, target) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, ...touched(byUserId) })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await audit(tx, {
      userId: byUserId,
      action: "update",
      entity: "user",
      entityId: target.id,
      after: { passwordReset: true, mustChangePassword: true },
    });
    return { temporaryPassword: password };
  });
}

/**
 * Clears the account's counted sign-in failures, so its next sign-in is checked at once. The
 * limits of an address (whatever the accounts) are left: they are about the address, not the user.
 */
export function unlockUser(db: Tx, targetId: string, byUserId: string) {
  return changeUser(db, targetId, byUserId, { keepsAdmin: () => true }, async (tx, target) => {
    const cleared = await tx
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, target.email.toLowerCase()), eq(loginAttempts.succeeded, false)))
      .returning({ id: loginAttempts.id });
    await audit(tx, {
      userId: byUserId,
      action: "update",
      entity: "user",
      entityId: target.id,
      after: { unlocked: true, clearedFailures: cleared.length },
    });
    return {};
  });
}
