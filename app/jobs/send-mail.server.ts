import { db } from "#app/db/client.server.ts";
import { plantMailer } from "#app/mail/mailer.server.ts";
import { flushOutbox } from "#app/mail/outbox.server.ts";

// Delivers the outbox (app/mail/outbox.server.ts): every minute, and at once when a page queues a
// message (sendMailSoon). The retries and their backoff live in the outbox rows, where the admin
// page shows them; this job only wakes the sender.

export const sendMailJob = {
  name: "send-mail",
  cron: "* * * * *",
} as const;

export async function sendQueuedMail(now = new Date()) {
  const { mailer, reason } = plantMailer();
  // Without SMTP the rows wait, queued, until a restart with SMTP_URL set sends them.
  if (!mailer) return { skipped: reason };
  return flushOutbox(db, mailer, now);
}
