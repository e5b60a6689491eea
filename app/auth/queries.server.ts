import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import {
  dummyPasswordHash,
  hashPassword,
  PasswordWorkBusy,
  verifyPassword,
} from "#app/auth/password.server.ts";
import type { Role } from "#app/auth/roles.ts";
import {
  messages,
  registrationLimits,
  signInLimits,
  throttleDelaySeconds,
  tooManySignIns,
} from "#app/auth/rules.ts";
import { loginAttempts, registrationAttempts, sessions, users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { isRecordId, isUniqueViolation } from "#app/db/records.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { UNKNOWN_ADDRESS, withoutNul } from "#app/lib/http.server.ts";
import type { Refused, WordedRefusal } from "#app/lib/outcome.ts";

export type { Role };
export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** An admin made or reset the account: the user must choose a password before anything else. */
  mustChangePassword: boolean;
  /** Rows per page the person chose on each list (app/auth/list-size.server.ts). */
  listSizes: Record<string, number>;
  /** The language the person chose on /account (null: the plant's default). */
  language: string | null;
};

export const SESSION_DAYS = 7;

export type RegisterResult = { ok: true; userId: string; role: Role } | WordedRefusal<"email-taken">;

/**
 * Creates an account. The first account becomes admin (issue 2), the rest get the role an admin
 * chose on /settings (issue 16; staff until then).
 */
export async function registerUser(
  db: Tx,
  email: string,
  password: string,
  newcomerRole: Role = "staff",
  name = "",
): Promise<RegisterResult> {
  email = withoutNul(email);
  name = withoutNul(name);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      // Serialise registrations so two first sign-ups cannot both become admin.
      await tx.execute(sql`select pg_advisory_xact_lock(7002)`);
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing)
        return { ok: false as const, reason: "email-taken" as const, message: messages.emailTaken };
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
      const role: Role = count === 0 ? "admin" : newcomerRole;
      const [user] = await tx
        .insert(users)
        .values({ email, name, passwordHash, role })
        .returning({ id: users.id });
      await audit(tx, {
        userId: user.id,
        action: "create",
        entity: "user",
        entityId: user.id,
        after: { email, name, role },
      });
      return { ok: true as const, userId: user.id, role };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "email-taken", message: messages.emailTaken };
    throw error;
  }
}

export type LoginResult =
  | { ok: true; user: { id: string; email: string; role: Role } }
  | (WordedRefusal<"invalid" | "throttled"> & { retryAfterSeconds?: number });

/**
 * Checks e-mail and password under the sign-in limits (rules.ts signInLimits). The limits are
 * checked and the attempt recorded in one short transaction holding advisory locks on the e-mail
 * and the address, before the password is checked: parallel guesses queue on the lock and each
 * sees the ones before it, so 20 guesses at once cannot all be checked.
 */
export async function checkCredentials(
  db: Tx,
  email: string,
  password: string,
  address: string,
): Promise<LoginResult> {
  const normalised = withoutNul(email).trim().toLowerCase();
  address = withoutNul(address);
  const gate = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7013, hashtext(${normalised}))`);
    if (address !== UNKNOWN_ADDRESS)
      await tx.execute(sql`select pg_advisory_xact_lock(7014, hashtext(${address}))`);
    const wait = await signInWait(tx, normalised, address);
    if (wait > 0) return { wait };
    const [attempt] = await tx
      .insert(loginAttempts)
      .values({ email: normalised, address, succeeded: false })
      .returning({ id: loginAttempts.id });
    return { wait: 0, attemptId: attempt.id };
  });
  if (!gate.attemptId) return throttled(gate.wait);

  let user: typeof users.$inferSelect | undefined;
  let valid: boolean;
  try {
    [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${normalised}`);
    // An unknown e-mail costs one password check too, so time does not tell which was wrong.
    valid = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await dummyPasswordHash()).then(() => false);
  } catch (error) {
    if (!(error instanceof PasswordWorkBusy)) throw error;
    // Not checked, so not a failure: the attempt leaves no trace in the counts.
    await db.delete(loginAttempts).where(eq(loginAttempts.id, gate.attemptId));
    return throttled(60);
  }
  const succeeded = Boolean(valid && user && !user.disabledAt);
  if (!succeeded || !user) return { ok: false, reason: "invalid", message: messages.invalidLogin };
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, gate.attemptId));
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  return { ok: true, user: { id: user.id, email: user.email, role: user.role } };
}

function throttled(seconds: number): LoginResult {
  const retryAfterSeconds = Math.max(1, Math.ceil(seconds));
  return { ok: false, reason: "throttled", message: tooManySignIns(retryAfterSeconds), retryAfterSeconds };
}

type Row = Record<string, unknown>;
const numberOf = (row: Row | undefined, key: string) => Number(row?.[key] ?? 0);

/** Seconds this e-mail from this address must still wait before its password is checked (0: go). */
async function signInWait(tx: Tx, email: string, address: string): Promise<number> {
  const limits = signInLimits;
  const window = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const waits: number[] = [];

  // Per (account, address): failures since this pair's last success, delays growing after five.
  const [pair] = (await tx.execute(sql`
    select count(*)::int as failures,
           coalesce(extract(epoch from now() - max(created_at)), 0)::float8 as since_last
    from login_attempts
    where email = ${email} and address = ${address} and not succeeded and created_at > ${window}
      and created_at > coalesce(
        (select max(created_at) from login_attempts
         where email = ${email} and address = ${address} and succeeded),
        '-infinity')`)) as Row[];
  const pairDelay = throttleDelaySeconds(numberOf(pair, "failures"), limits.pairFreeFailures);
  waits.push(pairDelay - numberOf(pair, "since_last"));

  // Per address, whatever the accounts. An unknown address (no address known for the client)
  // would put every client in one bucket, so only the other limits apply to it.
  if (address !== UNKNOWN_ADDRESS) {
    const [byAddress] = (await tx.execute(sql`
      select count(*)::int as failures,
             coalesce(extract(epoch from now() - max(created_at)), 0)::float8 as since_last
      from login_attempts
      where address = ${address} and not succeeded and created_at > ${window}`)) as Row[];
    const delay = throttleDelaySeconds(numberOf(byAddress, "failures"), limits.addressFreeFailures);
    waits.push(delay - numberOf(byAddress, "since_last"));
  }

  // Per account from everywhere: a ceiling far above what one address reaches, so another
  // address's guesses slow themselves down long before they could stop the owner.
  const [ceiling] = (await tx.execute(sql`
    select extract(epoch from created_at + make_interval(mins => ${limits.windowMinutes}) - now())::float8 as wait
    from login_attempts
    where email = ${email} and not succeeded and created_at > ${window}
    order by created_at desc
    offset ${limits.accountCeiling - 1} limit 1`)) as Row[];
  if (ceiling) waits.push(numberOf(ceiling, "wait"));

  // In all: every attempt costs a password check, made-up e-mails included.
  const [global] = (await tx.execute(sql`
    select count(*)::int as failures from login_attempts
    where not succeeded and created_at > now() - interval '1 minute'`)) as Row[];
  if (numberOf(global, "failures") >= limits.globalFailuresPerMinute) waits.push(60);

  return Math.max(0, ...waits);
}

export type RegistrationGate =
  | { ok: true; attemptId: string }
  | (Refused<"throttled"> & { retryAfterSeconds: number });

/**
 * Records a registration attempt before its code is checked, refusing it when the address or
 * everyone together made too many wrong attempts lately (rules.ts registrationLimits).
 */
export async function openRegistrationAttempt(db: Tx, address: string): Promise<RegistrationGate> {
  address = withoutNul(address);
  const limits = registrationLimits;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7015, hashtext(${address}))`);
    const window = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [counts] = (await tx.execute(sql`
      select count(*) filter (where address = ${address})::int as by_address,
             count(*)::int as in_all,
             extract(epoch from min(created_at) filter (where address = ${address})
               + make_interval(mins => ${limits.windowMinutes}) - now())::float8 as address_wait,
             extract(epoch from min(created_at) + make_interval(mins => ${limits.windowMinutes}) - now())::float8 as global_wait
      from registration_attempts
      where not succeeded and created_at > ${window}`)) as Row[];
    // Without a known address every client shares one; then only the limit in all applies.
    if (address !== UNKNOWN_ADDRESS && numberOf(counts, "by_address") >= limits.perAddress)
      return {
        ok: false as const,
        reason: "throttled" as const,
        retryAfterSeconds: Math.max(1, numberOf(counts, "address_wait")),
      };
    if (numberOf(counts, "in_all") >= limits.global)
      return {
        ok: false as const,
        reason: "throttled" as const,
        retryAfterSeconds: Math.max(1, numberOf(counts, "global_wait")),
      };
    const [attempt] = await tx
      .insert(registrationAttempts)
      .values({ address, succeeded: false })
      .returning({ id: registrationAttempts.id });
    return { ok: true as const, attemptId: attempt.id };
  });
}

/** A registration that got past its code (whatever came next) no longer counts as a wrong attempt. */
export async function closeRegistrationAttempt(db: Tx, attemptId: string) {
  await db
    .update(registrationAttempts)
    .set({ succeeded: true })
    .where(eq(registrationAttempts.id, attemptId));
}

/** Minutes of inactivity that end a session started on a shared terminal. */
export const SHARED_TERMINAL_IDLE_MINUTES = 30;

export async function createSession(
  db: Tx,
  userId: string,
  userAgent: string | null,
  options: { sharedTerminal?: boolean } = {},
) {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt,
      idleMinutes: options.sharedTerminal ? SHARED_TERMINAL_IDLE_MINUTES : null,
      userAgent: userAgent?.slice(0, 300) ?? null,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return session;
}

/**
 * The signed-in user of a session id, or null when the session is unknown, revoked, expired,
 * idle too long (its own idle minutes, else SESSION_IDLE_HOURS) or the user disabled.
 */
export async function findSessionUser(db: Tx, sessionId: string): Promise<SessionUser | null> {
  if (!isRecordId(sessionId)) return null;
  const idleMinutes = Math.round(serverSettings().SESSION_IDLE_HOURS * 60);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      // Read with the session, so a list's remembered size costs its loader no query of its own.
      listSizes: users.listSizes,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.disabledAt),
        sql`${sessions.lastSeenAt} > now() - make_interval(mins => coalesce(${sessions.idleMinutes}, ${idleMinutes}))`,
      ),
    );
  if (!row) return null;
  // Note activity at most once a minute, not on every request.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  }
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sessionId: row.sessionId,
    mustChangePassword: row.mustChangePassword,
    listSizes: row.listSizes ?? {},
    language: row.language,
  };
}

export async function revokeSession(db: Tx, sessionId: string, byUserId: string | null) {
  if (!isRecordId(sessionId)) return;
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

/** Names and e-mails of the accounts of these ids that still exist (the authors of audit entries). */
export async function userNames(
  db: Tx,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const valid = ids.filter(isRecordId);
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, valid));
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}

/** Everyone, by name (e-mail when they have none), for a choice of person (/audit's user filter). */
export async function userChoices(db: Tx): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .orderBy(asc(sql`lower(coalesce(nullif(trim(${users.name}), ''), ${users.email}))`), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    label: row.name.trim() ? `${row.name.trim()} (${row.email})` : row.email,
  }));
}

/** The admins' e-mail addresses and languages (who is told when a backup fails, in what words). */
export async function adminEmails(tx: Tx): Promise<{ email: string; language: string | null }[]> {
  return tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.role, "admin"));
}
