import { and, desc, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { revokeUserSessions } from "#app/auth/queries.server.ts";
import type { Role } from "#app/auth/roles.ts";
import { type AccountRefusal, type AccountStatus, signInLimits } from "#app/auth/rules.ts";
import { loginAttempts, sessions, users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { matchSearch, orderBy, pageOf, searchText, totalColumn } from "#app/db/list.server.ts";
import { isRecordId, isUniqueViolation, savedBy } from "#app/db/records.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { withoutNul } from "#app/lib/http.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import type { SortHow } from "#app/lib/record.ts";

// The users table's queries and commands for the people pages (/users) and a person's own
// account (/account, /change-password): sign-in owns the table, the pages in app/users/ call
// these and bring what is theirs (the list's view, temporary passwords, the words of a refusal).
// Every change runs in one transaction with its audit record; the ones that could leave the
// plant without an admin hold one advisory lock while they count.

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

const statusColumn = sql<AccountStatus>`case
  when ${users.disabledAt} is not null then 'disabled'
  when ${countedFailures} >= ${signInLimits.pairFreeFailures} then 'locked'
  else 'active' end`;

export type AccountRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: AccountStatus;
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

/** A column of the users table a list may search or sort by (never the password or list sizes). */
export type AccountColumn = Exclude<keyof typeof users.$inferSelect, "passwordHash" | "listSizes">;

/** A people list's view: the columns ?q= searches, and each sort's column and how it sorts. */
export type AccountListView<Sort extends string> = {
  search: readonly AccountColumn[];
  sorts: Record<Sort, { column: AccountColumn; how: SortHow }>;
};

// A plant has tens of accounts, not thousands: the search reads the table without a trigram index.
export async function listAccounts<Sort extends string>(
  db: Tx,
  params: ListParams<Sort>,
  view: AccountListView<Sort>,
) {
  const search = searchText(view.search.map((column) => sql`${users[column]}`));
  const sortColumns = Object.fromEntries(
    Object.entries<{ column: AccountColumn; how: SortHow }>(view.sorts).map(([sort, { column, how }]) => [
      sort,
      how === "text" ? sql`lower(${users[column]})` : sql`${users[column]}`,
    ]),
  ) as Record<Sort, SQL>;
  return pageOf(params, (limit, offset) =>
    db
      .select({ ...rowColumns, total: totalColumn })
      .from(users)
      .where(matchSearch(search, params.q))
      .orderBy(...orderBy(sortColumns, params, users.id))
      .limit(limit)
      .offset(offset),
  ) as Promise<{ rows: AccountRow[]; total: number; page: number }>;
}

export async function findAccount(db: Tx, id: string): Promise<AccountRow | undefined> {
  if (!isRecordId(id)) return undefined;
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, id));
  return row as AccountRow | undefined;
}

/** Adds an account an admin made, with a temporary password (its hash), changed at first sign-in. */
export async function addAccount(
  db: Tx,
  input: { email: string; name: string; role: Role; passwordHash: string },
  byUserId: string,
): Promise<Outcome<{ userId: string }, AccountRefusal>> {
  const email = withoutNul(input.email);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing) return { ok: false as const, reason: "email-taken" as const };
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: withoutNul(input.name),
          role: input.role,
          passwordHash: input.passwordHash,
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
      return { ok: true as const, userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken" };
    throw error;
  }
}

type Target = typeof users.$inferSelect;

/** What an admin's change did to the account, as its audit entry says it; null: nothing to change. */
type AccountChange = { before?: Record<string, unknown>; after: Record<string, unknown> } | null;

/**
 * Runs an admin's change of one account under the people lock (7016): the acting admin must still
 * be an active admin, and `keepsAdmin(target)` false means the change takes an active admin away,
 * refused when none would be left. Two admins demoting each other at once queue on the lock, so
 * exactly one succeeds. What the change did is audited in the same transaction.
 */
async function changeAccount(
  db: Tx,
  targetId: string,
  byUserId: string,
  options: { keepsAdmin: (target: Target) => boolean },
  change: (tx: Tx, target: Target) => Promise<AccountChange>,
): Promise<Outcome<object, AccountRefusal>> {
  if (!isRecordId(targetId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7016)`);
    const [actor] = await tx
      .select({ role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, byUserId));
    if (!actor || actor.role !== "admin" || actor.disabledAt)
      return { ok: false as const, reason: "not-admin" as const };
    const [target] = await tx.select().from(users).where(eq(users.id, targetId));
    if (!target) return { ok: false as const, reason: "not-found" as const };
    const activeAdmin = target.role === "admin" && !target.disabledAt;
    if (activeAdmin && !options.keepsAdmin(target)) {
      const [{ others }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.disabledAt), ne(users.id, target.id)));
      if (others === 0) return { ok: false as const, reason: "last-admin" as const };
    }
    const changed = await change(tx, target);
    if (changed) {
      await audit(tx, {
        userId: byUserId,
        action: "update",
        entity: "user",
        entityId: target.id,
        ...changed,
      });
    }
    return { ok: true as const };
  });
}

export function changeRole(db: Tx, targetId: string, role: Role, byUserId: string) {
  return changeAccount(db, targetId, byUserId, { keepsAdmin: () => role === "admin" }, async (tx, target) => {
    if (target.role === role) return null;
    await tx
      .update(users)
      .set({ role, ...savedBy(users, byUserId) })
      .where(eq(users.id, target.id));
    return { before: { role: target.role }, after: { role } };
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
  return changeAccount(db, targetId, byUserId, { keepsAdmin: () => !disabled }, async (tx, target) => {
    if (Boolean(target.disabledAt) === disabled) return null;
    await tx
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, ...savedBy(users, byUserId) })
      .where(eq(users.id, target.id));
    if (disabled) await revokeUserSessions(tx, target.id);
    return { before: { disabled: !disabled }, after: { disabled } };
  });
}

/** Sets a temporary password (its hash), revokes every session, forces a change at next sign-in. */
export function resetAccountPassword(db: Tx, targetId: string, passwordHash: string, byUserId: string) {
  return changeAccount(db, targetId, byUserId, { keepsAdmin: () => true }, async (tx, target) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, ...savedBy(users, byUserId) })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    return { after: { passwordReset: true, mustChangePassword: true } };
  });
}

/**
 * Clears the account's counted sign-in failures, so its next sign-in is checked at once. The
 * limits of an address (whatever the accounts) are left: they are about the address, not the user.
 */
export function unlockUser(db: Tx, targetId: string, byUserId: string) {
  return changeAccount(db, targetId, byUserId, { keepsAdmin: () => true }, async (tx, target) => {
    const cleared = await tx
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.email, target.email.toLowerCase()), eq(loginAttempts.succeeded, false)))
      .returning({ id: loginAttempts.id });
    return { after: { unlocked: true, clearedFailures: cleared.length } };
  });
}

// ---- A person's own account (/account, /change-password): name, password, own sessions. ----

export async function accountOf(db: Tx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, role: users.role, version: users.version })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export type OwnSession = { id: string; userAgent: string | null; lastSeenAt: Date; createdAt: Date };

/** The user's sessions still open (not revoked, not expired, not idle too long), latest first. */
export async function activeSessions(db: Tx, userId: string): Promise<OwnSession[]> {
  const idleMinutes = Math.round(serverSettings().SESSION_IDLE_HOURS * 60);
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => coalesce(${sessions.idleMinutes}, ${idleMinutes}))`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** The person's own name (how the records they enter show who did). */
export const changeName = (db: Tx, userId: string, name: string) =>
  changeOwn(db, userId, "name", withoutNul(name));

/** The language the person reads PlantOps in (a catalogue's code), or null for the plant's default. */
export const changeLanguage = (db: Tx, userId: string, language: string | null) =>
  changeOwn(db, userId, "language", language);

/** One of the person's own settings on /account, audited when it changes. */
async function changeOwn<Key extends "name" | "language">(
  db: Tx,
  userId: string,
  key: Key,
  value: (typeof users.$inferSelect)[Key],
) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ value: users[key] }).from(users).where(eq(users.id, userId));
    if (!row || row.value === value) return;
    await tx
      .update(users)
      .set({ [key]: value, ...savedBy(users, userId) })
      .where(eq(users.id, userId));
    const before = { [key]: row.value };
    await audit(tx, {
      userId,
      action: "update",
      entity: "user",
      entityId: userId,
      before,
      after: { [key]: value },
    });
  });
}

/** The hash of the user's password (to check the current one, or that a new one differs). */
export async function passwordHashOf(db: Tx, userId: string): Promise<string | undefined> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user?.passwordHash;
}

/**
 * Sets the password the user chose (its hash) and ends every other session of theirs (someone who
 * learnt the old one must not stay signed in); `keepSessionId`, the one making the change, stays.
 * Audited that it changed, never with the password.
 */
export async function setOwnPassword(db: Tx, userId: string, passwordHash: string, keepSessionId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        ...savedBy(users, userId),
      })
      .where(eq(users.id, userId));
    await signOutOthers(tx, userId, keepSessionId);
    await audit(tx, {
      userId,
      action: "update",
      entity: "user",
      entityId: userId,
      after: { passwordChanged: true },
    });
  });
}

/** Signs out one of the user's own sessions (another user's id does nothing). */
export async function signOutSession(db: Tx, userId: string, sessionId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Signs out every session of the user but this one. */
export async function signOutOthers(db: Tx, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), updatedAt: new Date(), updatedBy: userId })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}
