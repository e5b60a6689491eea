import { db } from "#app/db/client.server.ts";
import { type Job, runJobSoon } from "#app/jobs/jobs.server.ts";
import { plantMailer } from "#app/mail/mailer.server.ts";
import { flushOutbox } from "#app/mail/outbox.server.ts";

// Delivers the outbox (app/mail/outbox.server.ts): every minute, and at once when a page queues a
// message (sendMailSoon). The retries and their backoff live in the outbox rows, where the admin
// page shows them; this job only wakes the sender.

export async function sendQueuedMail(now = new Date()) {
  const { mailer, reason } = plantMailer();
  // Without SMTP the rows wait, queued, until a restart with SMTP_URL set sends them.
  if (!mailer) return { skipped: reason };
  return flushOutbox(db, mailer, now);
}

export const sendMailJob: Job<Awaited<ReturnType<typeof sendQueuedMail>>> = {
  name: "send-mail",
  cron: () => "* * * * *",
  short: true,
  run: () => sendQueuedMail(),
  logged: (counts) => !("skipped" in counts) && counts.sent + counts.retrying + counts.failed > 0,
};

/** Wakes the outbox sender now rather than at the next minute (a page just queued a message). */
export const sendMailSoon = () => runJobSoon(sendMailJob.name);
