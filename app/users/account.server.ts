import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { hashPassword, verifyPassword } from "#app/auth/password.server.ts";
import { sessions, users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { nextVersion } from "#app/db/records.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { withoutNul } from "#app/lib/http.server.ts";
import { newPasswordProblem } from "#app/users/passwords.server.ts";
import { WRONG_PASSWORD_MESSAGE } from "#app/users/rules.ts";

// A user's own account (/account, /change-password): name, password, own sessions.

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

export async function changeName(db: Tx, userId: string, name: string) {
  name = withoutNul(name);
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (!before || before.name === name) return;
    await tx
      .update(users)
      .set({ name, updatedAt: new Date(), updatedBy: userId, version: nextVersion(users) })
      .where(eq(users.id, userId));
    await audit(tx, { userId, action: "update", entity: "user", entityId: userId, before, after: { name } });
  });
}

export type PasswordOutcome =
  | { ok: true }
  | { ok: false; field: "currentPassword" | "newPassword"; message: string };

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
  if (problem) return { ok: false, field: "newPassword", message: problem };
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { ok: false, field: "currentPassword", message: WRONG_PASSWORD_MESSAGE };
  if (input.current !== undefined && !(await verifyPassword(input.current, user.passwordHash)))
    return { ok: false, field: "currentPassword", message: WRONG_PASSWORD_MESSAGE };
  if (await verifyPassword(input.next, user.passwordHash))
    return { ok: false, field: "newPassword", message: "Choose a password different from the current one." };
  const passwordHash = await hashPassword(input.next);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        updatedAt: new Date(),
        updatedBy: userId,
        version: nextVersion(users),
      })
      .where(eq(users.id, userId));
    await signOutOthers(tx, userId, input.keepSessionId);
    await audit(tx, {
      userId,
      action: "update",
      entity: "user",
      entityId: userId,
      after: { passwordChanged: true },
    });
  });
  return { ok: true };
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
