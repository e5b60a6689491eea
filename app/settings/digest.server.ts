import { rescheduleJob } from "#app/jobs/jobs.server.ts";

/** The job that sends the daily digest at the settings' digest time (app/reminders/digest-job.server.ts). */
export const DAILY_DIGEST_JOB = "daily-digest";

/**
 * After /settings saves the digest time: the schedule follows, and a time moved to one already
 * past today sends today's digest now (app/jobs/jobs.server.ts rescheduleJob).
 */
export const rescheduleDigest = (changed: boolean) =>
  rescheduleJob(DAILY_DIGEST_JOB, { waitForStart: true, catchUp: changed });
