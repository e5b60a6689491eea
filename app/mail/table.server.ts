import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { recordColumns } from "#app/db/columns.ts";
import type { OutboxStatus } from "#app/mail/rules.ts";

// Every e-mail PlantOps sends is first a row here, written in the same transaction as the decision
// to send it (a reminder's reminders_sent row, a test mail's click). The outbox worker delivers
// queued rows; a crash between the decision and the SMTP server loses nothing and sends nothing twice.
export const outbox = pgTable(
  "outbox",
  {
    ...recordColumns,
    /** What made it: "test" (the settings page's button) or "digest" (the daily reminders). */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    html: text("html"),
    /** queued → sent, or failed after the last attempt (rules.ts MAX_ATTEMPTS). */
    status: text("status").$type<OutboxStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this instant; a worker that takes the row moves it forward as its lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("outbox_due_idx").on(t.status, t.nextAttemptAt), index("outbox_created_idx").on(t.createdAt)],
);
