import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "#app/auth/roles.ts";
import { recordColumns, versionColumn } from "#app/db/columns.ts";

export const users = pgTable(
  "users",
  {
    ...recordColumns,
    ...versionColumn,
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    name: text("name").notNull().default(""),
    // Set for an account an admin made or reset: every page sends it to the change-password form.
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    // Kept on the user, not derived from sessions or login_attempts: both are pruned nightly.
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    // Rows per page the person last chose on each list (app/auth/list-size.server.ts), by list:
    // kept with the person, not in a cookie, because people share terminals.
    listSizes: jsonb("list_sizes").$type<Record<string, number>>().notNull().default({}),
    // The language the person reads PlantOps in (a catalogue's code, app/i18n); null: the plant's
    // default. Kept with the person, not the terminal, and used for their mail too.
    language: text("language"),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/**
 * The name a person is shown by ("Saved by", "Entered by", "Who"): their name, or their e-mail
 * while they have none (accounts made before registration asked for it). Takes the table or an alias.
 */
export const personName = (person: { name: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(trim(${person.name}), ''), ${person.email})`;

export const sessions = pgTable(
  "sessions",
  {
    ...recordColumns,
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    userAgent: text("user_agent"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // Minutes of inactivity that end this session; null: the plant's SESSION_IDLE_HOURS.
    // A sign-in ticked "This is a shared terminal" stores 30.
    idleMinutes: integer("idle_minutes"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// One row per sign-in attempt, written before the password is checked (as a failure, turned into a
// success afterwards), so parallel guesses see each other: the rate limit counts failures per account and per address
// in the database, so it holds across several app instances.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    ...recordColumns,
    email: text("email").notNull(),
    address: text("address").notNull(),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.createdAt),
    index("login_attempts_address_idx").on(t.address, t.createdAt),
    // The global ceiling (failures per minute) and the daily prune read by time alone.
    index("login_attempts_created_idx").on(t.createdAt),
  ],
);

// One row per registration attempt, written before the security code is checked: wrong codes
// are counted per address and in all (registrationLimits), across app instances.
export const registrationAttempts = pgTable(
  "registration_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    address: text("address").notNull(),
    succeeded: boolean("succeeded").notNull(),
  },
  (t) => [
    index("registration_attempts_address_idx").on(t.address, t.createdAt),
    index("registration_attempts_created_idx").on(t.createdAt),
  ],
);
