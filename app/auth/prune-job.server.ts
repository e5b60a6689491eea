import { sql } from "drizzle-orm";
import { db as appDb, type Tx } from "#app/db/client.server.ts";
import type { Job } from "#app/jobs/jobs.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";

// Daily: sign-in and registration attempts older than the throttling ever reads, and sessions
// that can no longer be used, are deleted so the tables do not grow without end.

/** How long attempts are kept: far beyond the limits' windows (1 hour, 15 minutes), for review. */
export const KEEP_ATTEMPTS_DAYS = 30;
/** Ended sessions (expired, revoked, idle too long) are kept a day, then deleted. */
export const KEEP_ENDED_SESSIONS_DAYS = 1;

export type PruneCounts = { loginAttempts: number; registrationAttempts: number; sessions: number };

/** Deletes what is old and keeps what is new; `idleMinutes` is the plant's SESSION_IDLE_HOURS in minutes. */
export async function pruneSignIns(db: Tx, idleMinutes: number): Promise<PruneCounts> {
  const keepAttempts = sql`now() - make_interval(days => ${KEEP_ATTEMPTS_DAYS})`;
  const grace = sql`make_interval(days => ${KEEP_ENDED_SESSIONS_DAYS})`;
  const login = await db.execute(sql`delete from login_attempts where created_at < ${keepAttempts}`);
  const registration = await db.execute(
    sql`delete from registration_attempts where created_at < ${keepAttempts}`,
  );
  const ended = await db.execute(sql`
    delete from sessions
    where expires_at < now() - ${grace}
       or revoked_at < now() - ${grace}
       or last_seen_at < now() - make_interval(mins => coalesce(idle_minutes, ${idleMinutes})) - ${grace}`);
  return {
    loginAttempts: login.count,
    registrationAttempts: registration.count,
    sessions: ended.count,
  };
}

export const pruneSignInsJob: Job<PruneCounts> = {
  name: "prune-sign-ins",
  /** 03:30 every day in the plant's time zone, when nobody is on shift paperwork. */
  cron: () => "30 3 * * *",
  run: () => pruneSignIns(appDb, Math.round(serverSettings().SESSION_IDLE_HOURS * 60)),
};
