import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "#app/auth/table.server.ts";

// "Since your last visit" on Today (issue 19): one row per user, written by the Today loader.
// A visit is a session: when Today is opened in a new session, the previous session's last look
// at Today becomes the mark the changes are counted from (`since`), and stays so for the session.
// Kept here, not derived from sessions (pruned nightly) or the audit log (it records writes only).
export const todayVisits = pgTable("today_visits", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sessionId: uuid("session_id").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }).notNull(),
  since: timestamp("since", { withTimezone: true, mode: "date" }),
});
