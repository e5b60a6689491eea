import { date, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// Exactly once (issue 19): a reminder is sent when its row here is written, in the same transaction
// as its outbox rows; the unique key refuses a second one, on another day or another app instance.
// kind: "contract-validity" / "contract-pms" (record = contract, offset = days before, or minus the
// days overdue) and "digest" (record = user, offset 0, due date = the plant's day).
export const remindersSent = pgTable(
  "reminders_sent",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    offset: integer("offset").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reminders_sent_once_key").on(t.kind, t.recordId, t.offset, t.dueDate)],
);

/** Who gets the daily digest, per reminder kind (rules.ts REMINDER_KINDS), chosen on /account. */
export const reminderSubscriptions = pgTable(
  "reminder_subscriptions",
  {
    userId: uuid("user_id").notNull(),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
