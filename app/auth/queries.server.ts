import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { audit } from "#app/lib/audit.server.ts";
import { UNKNOWN_ADDRESS, withoutNul } from "#app/lib/http.server.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server.ts";
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS, MAX_FAILED_LOGINS_PER_ADDRESS, messages } from "./rules.ts";
import { loginAttempts, sessions, users } from "./table.server.ts";

export type Role = "admin" | "staff";
export type SessionUser = { id: string; email: string; role: Role; sessionId: string };

export const SESSION_DAYS = 7;

export type RegisterResult = { ok: true; userId: string; role: Role } | { ok: false; message: string };

/** Creates an account. The first account becomes admin, the rest staff (issue 2). */
export async function registerUser(db: Tx, email: string, password: string): Promise<RegisterResult> {
  email = withoutNul(email);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      // Serialise registrations so two first sign-ups cannot both become admin.
      await tx.execute(sql`select pg_advisory_xact_lock(7002)`);
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing) return { ok: false as const, message: messages.emailTaken };
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
      const role: Role = count === 0 ? "admin" : "staff";
      const [user] = await tx.insert(users).values({ email, passwordHash, role }).returning({ id: users.id });
      await audit(tx, {
        userId: user.id,
        action: "create",
        entity: "user",
        entityId: user.id,
        after: { email, role },
      });
      return { ok: true as const, userId: user.id, role };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return { ok: false, message: messages.emailTaken };
    throw error;
  }
}

export type LoginResult =
  | { ok: true; user: { id: string; email: string; role: Role } }
  | { ok: false; reason: "invalid" | "locked"; message: string };

/** Checks e-mail and password, applying the per-account and per-address limits. */
export async function checkCredentials(
  db: Tx,
  email: string,
  password: string,
  address: string,
): Promise<LoginResult> {
  const normalised = withoutNul(email).trim().toLowerCase();
  if (await isLockedOut(db, normalised, address))
    return { ok: false, reason: "locked", message: messages.lockedOut };

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalised}`);
  const valid = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyPassword(password, await dummyPasswordHash()).then(() => false);
  const succeeded = Boolean(valid && user && !user.disabledAt);
  await db.insert(loginAttempts).values({ email: normalised, address, succeeded });
  if (!succeeded || !user) return { ok: false, reason: "invalid", message: messages.invalidLogin };
  return { ok: true, user: { id: user.id, email: user.email, role: user.role } };
}

async function isLockedOut(db: Tx, email: string, address: string) {
  const windowStart = sql`now() - make_interval(mins => ${LOCKOUT_MINUTES})`;
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const failures = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, lastSuccess?.at ?? new Date(0)),
      ),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(MAX_FAILED_LOGINS);
  if (failures.length >= MAX_FAILED_LOGINS) {
    const newest = failures[0].at.getTime();
    const oldest = failures[failures.length - 1].at.getTime();
    const lockMs = LOCKOUT_MINUTES * 60_000;
    // Five failures within 15 minutes lock the account for 15 minutes from the fifth.
    if (newest - oldest <= lockMs && Date.now() < newest + lockMs) return true;
  }
  // Without a trusted proxy every client looks alike: no per-address limit (see clientAddress).
  if (address === UNKNOWN_ADDRESS) return false;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.address, address),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, windowStart),
      ),
    );
  return count >= MAX_FAILED_LOGINS_PER_ADDRESS;
}

export async function createSession(db: Tx, userId: string, userAgent: string | null) {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return session;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user of a session id, or null when the session is unknown, revoked, expired or the user disabled. */
export async function findSessionUser(db: Tx, sessionId: string): Promise<SessionUser | null> {
  if (!UUID.test(sessionId)) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  // Note activity at most every five minutes, not on every request.
  if (Date.now() - row.lastSeenAt.getTime() > 5 * 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  }
  return { id: row.id, email: row.email, role: row.role, sessionId: row.sessionId };
}

export async function revokeSession(db: Tx, sessionId: string, byUserId: string | null) {
  if (!UUID.test(sessionId)) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), updatedAt: new Date(), updatedBy: byUserId })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, e.g. when an admin disables the account. */
export async function revokeUserSessions(db: Tx, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
