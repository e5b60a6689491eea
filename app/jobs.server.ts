import { pruneSignInsJob } from "#app/auth/prune-job.server.ts";
import { nightlyBackupJob } from "#app/backups/nightly-job.server.ts";
import { startJobs as startQueue } from "#app/jobs/jobs.server.ts";
import { sendMailJob } from "#app/mail/send-job.server.ts";
import { dailyDigestJob } from "#app/reminders/digest-job.server.ts";

export { stopJobs } from "#app/jobs/jobs.server.ts";

// The app's scheduled work (app/jobs runs the queue): each feature's job, as app/tables.server.ts
// lists their tables. Started and stopped with the server (app/entry.server.tsx).
export const JOBS = [pruneSignInsJob, sendMailJob, dailyDigestJob, nightlyBackupJob] as const;

/** Starts the queue with every job (app/jobs/jobs.server.ts startJobs). */
export const startJobs = (databaseUrl: string) => startQueue(databaseUrl, JOBS);
