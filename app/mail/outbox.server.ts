import { desc, eq, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import type { Mailer, MailMessage } from "#app/mail/mailer.server.ts";
import { errorSummary, MAX_ATTEMPTS, retryDelayMinutes } from "#app/mail/rules.ts";
import { outbox } from "#app/mail/table.server.ts";

/** How long a worker holds a row it took: if it dies mid-send, another takes the row after this. */
const LEASE_MINUTES = 5;

export type OutboxKind = "test" | "digest" | "backup";

/** Queues one message; call inside the transaction that decided to send it. Answers the row's id. */
export async function queueMail(tx: Tx, kind: OutboxKind, message: MailMessage): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      html: message.html ?? null,
      // The worker compares with its own clock's now (milliseconds); the database's now() has
      // microseconds, which would leave a row queued in the same millisecond until the next run.
      nextAttemptAt: new Date(),
    })
    .returning({ id: outbox.id });
  return row.id;
}

export type FlushCounts = { sent: number; retrying: number; failed: number };

/**
 * Delivers queued messages that are due at `now`, one row at a time. A row is taken with
 * FOR UPDATE SKIP LOCKED and leased (its next attempt moved forward) before the SMTP call, so two
 * instances' workers never send the same message; a failure waits retryDelayMinutes, and after
 * MAX_ATTEMPTS the row is failed with the error kept.
 */
export async function flushOutbox(db: Tx, mailer: Mailer, now: Date, limit = 100): Promise<FlushCounts> {
  const counts: FlushCounts = { sent: 0, retrying: 0, failed: 0 };
  for (let taken = 0; taken < limit; taken++) {
    const rows = await db.execute<{
      id: string;
      recipient: string;
      subject: string;
      body: string;
      html: string | null;
      attempts: number;
    }>(sql`
      update outbox set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(mins => ${LEASE_MINUTES}),
        updated_at = now()
      where id = (
        select id from outbox
        where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, created_at
        limit 1
        for update skip locked)
      returning id, recipient, subject, body, html, attempts`);
    const row = rows[0];
    if (!row) break;
    const attempts = row.attempts + 1;
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text: row.body, html: row.html });
      await db
        .update(outbox)
        .set({ status: "sent", attempts, sentAt: new Date(), lastError: null, updatedAt: new Date() })
        .where(eq(outbox.id, row.id));
      counts.sent++;
    } catch (error) {
      const failed = attempts >= MAX_ATTEMPTS;
      const next = new Date(now.getTime() + retryDelayMinutes(attempts) * 60_000);
      await db
        .update(outbox)
        .set({
          status: failed ? "failed" : "queued",
          attempts,
          lastError: errorSummary(error),
          nextAttemptAt: next,
          updatedAt: new Date(),
        })
        .where(eq(outbox.id, row.id));
      if (failed) counts.failed++;
      else counts.retrying++;
    }
  }
  return counts;
}

/** The newest messages first, for the admin page. */
export async function listOutbox(db: Tx, limit = 200) {
  return db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      recipient: outbox.recipient,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
}

/** "Send again": the message is queued afresh (attempts from zero). False when there is no such message. */
export async function sendAgain(db: Tx, id: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({
        status: "queued",
        attempts: 0,
        nextAttemptAt: new Date(),
        updatedAt: new Date(),
        updatedBy: userId,
      })
      .where(eq(outbox.id, id))
      .returning({ id: outbox.id, recipient: outbox.recipient, subject: outbox.subject });
    if (!row) return false;
    await audit(tx, {
      userId,
      action: "update",
      entity: "outbox",
      entityId: id,
      before: null,
      after: { status: "queued", recipient: row.recipient, subject: row.subject },
    });
    return true;
  });
}

/** Messages waiting for another try after a failed one: the mail server is refusing or away. */
export async function countRetrying(db: Tx): Promise<number> {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from outbox where status = 'queued' and attempts > 0`,
  );
  return rows[0]?.n ?? 0;
}
