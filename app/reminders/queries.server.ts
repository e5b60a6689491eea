import { and, eq, inArray, sql } from "drizzle-orm";
import { activePeople } from "#app/auth/people.server.ts";
import { can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { contractMessage, datePassed, type StatusBounds, whatsAppLink } from "#app/contracts/rules.ts";
import { contractDatesThrough } from "#app/contracts/timeline.server.ts";
import { datesOf } from "#app/contracts/timeline.ts";
import type { Tx } from "#app/db/client.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { mailLanguage, wordsIn } from "#app/i18n/words.server.ts";
import { addDays } from "#app/lib/dates.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import {
  type ContractDue,
  contractReminderOffset,
  type DigestItems,
  digestMessage,
  REMINDER_KIND_AREAS,
  REMINDER_KINDS,
  type ReminderKind,
  type SparesDue,
} from "#app/reminders/rules.ts";
import { reminderSubscriptions, remindersSent } from "#app/reminders/table.server.ts";
import { outstandingReturns } from "#app/sop/queries.server.ts";
import { linesBelowMinimum } from "#app/spares/stock.server.ts";

/**
 * Every contract date (validity end, next PMS due) inside a reminder window on `today` or overdue,
 * with the offset contractReminderOffset gives it, nearest date first. The digest sends those not
 * sent yet (contractsDue); the Today page shows them all (app/home): one computation for both.
 * Each WhatsApp message names its own date and says "expired" by /amc's rule (`bounds`).
 */
export async function contractDates(
  db: Tx,
  today: string,
  offsets: readonly number[],
  bounds: StatusBounds,
): Promise<ContractDue[]> {
  const farthest = Math.max(...offsets, 0);
  const rows = await contractDatesThrough(db, addDays(today, farthest));
  const candidates: ContractDue[] = [];
  for (const row of rows) {
    for (const { what, date } of datesOf(row)) {
      const offset = contractReminderOffset(date, today, offsets);
      if (offset === null) continue;
      const text = contractMessage(
        { equipment: row.equipment, nextDueOn: row.nextDueOn },
        { status: datePassed(what, date, bounds) ? "expired" : "dueSoon", reason: what, date },
      );
      candidates.push({
        id: row.id,
        equipment: row.equipment,
        company: row.company,
        what,
        date,
        offset,
        mobileNumber: row.mobileNumber,
        whatsApp: whatsAppLink(row.mobileNumber, text).href,
      });
    }
  }
  return candidates.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.equipment.localeCompare(b.equipment) || a.what.localeCompare(b.what),
  );
}

/** The contract reminders due on `today` and not yet sent: contractDates less what reminders_sent holds. */
async function contractsDue(
  db: Tx,
  today: string,
  offsets: readonly number[],
  bounds: StatusBounds,
): Promise<ContractDue[]> {
  const candidates = await contractDates(db, today, offsets, bounds);
  if (candidates.length === 0) return [];
  const sent = await db
    .select({
      kind: remindersSent.kind,
      recordId: remindersSent.recordId,
      offset: remindersSent.offset,
      dueDate: remindersSent.dueDate,
    })
    .from(remindersSent)
    .where(inArray(remindersSent.recordId, [...new Set(candidates.map((item) => item.id))]));
  const done = new Set(sent.map((row) => `${row.kind} ${row.recordId} ${row.offset} ${row.dueDate}`));
  return candidates.filter(
    (item) => !done.has(`contract-${item.what} ${item.id} ${item.offset} ${item.date}`),
  );
}

/**
 * Spares lines at or below their minimum stock, whose status is 'Order to place' (the department
 * tables' ?stock=short and ?status=Order to place), the first
 * `perDepartment` of each department by serial number, and how many each department has in all.
 */
export async function sparesBelowMinimum(
  db: Tx,
  perDepartment: number,
): Promise<{ rows: SparesDue[]; totals: Record<string, number> }> {
  const rows = await linesBelowMinimum(db, perDepartment);
  const totals: Record<string, number> = {};
  for (const row of rows) totals[row.department] = Number(row.total);
  return {
    rows: rows.map((row) => ({
      department: row.department,
      srno: row.srno,
      assets: row.assets,
      available: Number(row.available),
      minimum: Number(row.minimum),
    })),
    totals,
  };
}

/** Everything a digest on `today` may list; daily kinds (spares, returns) are listed every day. */
export async function digestItems(
  db: Tx,
  today: string,
  offsets: readonly number[],
  bounds: StatusBounds,
): Promise<DigestItems> {
  const [contractItems, spares, returns] = await Promise.all([
    contractsDue(db, today, offsets, bounds),
    // Up to 100 lines of each department: one long department no longer hides the others.
    sparesBelowMinimum(db, 100),
    outstandingReturns(db, today, 200),
  ]);
  return {
    contracts: contractItems,
    spares: spares.rows,
    returns: returns.rows
      .filter((row) => row.overdue)
      .map((row) => ({
        gatePassNo: row.gatePassNo,
        descriptionOfItems: row.descriptionOfItems,
        issuedTo: row.issuedTo,
        expected: row.expectedDateOfReturn,
      })),
  };
}

export type DigestRun = { messages: number; contractReminders: number; skipped: boolean };

/**
 * The daily digest of `today` (the plant's day, passed in): one message per subscriber with
 * something due, queued in the outbox in the same transaction that writes reminders_sent, under
 * a transaction-scoped advisory lock so two instances (or a catch-up run and the 08:00 run) do
 * it once. A subscriber who already had today's digest gets no second one; a contract reminder
 * already sent (any day) is not listed again.
 */
export async function runDigest(
  db: Tx,
  context: {
    today: string;
    /** statusBounds at the digest's moment: its WhatsApp messages say "expired" as /amc does. */
    bounds: StatusBounds;
    offsets: readonly number[];
    appUrl: string;
    plantName: string;
    /** The plant's language (/settings): the mail's of a person who chose none. */
    language?: string;
  },
): Promise<DigestRun> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plantops-daily-digest'))`);
    const items = await digestItems(tx, context.today, context.offsets, context.bounds);
    const subscriptions = await tx
      .select({ userId: reminderSubscriptions.userId, kind: reminderSubscriptions.kind })
      .from(reminderSubscriptions);
    const people = new Map(
      (await activePeople(tx, [...new Set(subscriptions.map((row) => row.userId))])).map((person) => [
        person.id,
        person,
      ]),
    );
    // A disabled account gets no digest.
    const subscribers = subscriptions.flatMap(({ userId, kind }) => {
      const person = people.get(userId);
      return person
        ? [{ userId, email: person.email, role: person.role, language: person.language, kind }]
        : [];
    });
    const already = new Set(
      (
        await tx
          .select({ recordId: remindersSent.recordId })
          .from(remindersSent)
          .where(and(eq(remindersSent.kind, "digest"), eq(remindersSent.dueDate, context.today)))
      ).map((row) => row.recordId),
    );
    const byUser = new Map<
      string,
      { email: string; role: Role; language: string | null; kinds: ReminderKind[] }
    >();
    for (const row of subscribers) {
      const kind = row.kind as ReminderKind;
      if (!REMINDER_KINDS.includes(kind) || !can(row.role, REMINDER_KIND_AREAS[kind], "read")) continue;
      const entry = byUser.get(row.userId) ?? {
        email: row.email,
        role: row.role,
        language: row.language,
        kinds: [],
      };
      entry.kinds.push(kind);
      byUser.set(row.userId, entry);
    }
    let messages = 0;
    for (const [userId, person] of byUser) {
      if (already.has(userId)) continue;
      const say = wordsIn(mailLanguage(person, context.language ?? SOURCE_LANGUAGE), ["reminders"]);
      const message = digestMessage(items, person.kinds, context, say);
      if (!message) continue;
      await queueMail(tx, "digest", { to: person.email, ...message });
      await tx
        .insert(remindersSent)
        .values({ kind: "digest", recordId: userId, offset: 0, dueDate: context.today });
      messages++;
    }
    // The contract reminders are decided once, whoever received them today.
    if (items.contracts.length > 0) {
      await tx
        .insert(remindersSent)
        .values(
          items.contracts.map((item) => ({
            kind: `contract-${item.what}`,
            recordId: item.id,
            offset: item.offset,
            dueDate: item.date,
          })),
        )
        .onConflictDoNothing();
    }
    return { messages, contractReminders: items.contracts.length, skipped: false };
  });
}

/** The kinds a person receives. */
export async function subscriptionsOf(db: Tx, userId: string): Promise<ReminderKind[]> {
  const rows = await db
    .select({ kind: reminderSubscriptions.kind })
    .from(reminderSubscriptions)
    .where(eq(reminderSubscriptions.userId, userId));
  return rows.map((row) => row.kind as ReminderKind).filter((kind) => REMINDER_KINDS.includes(kind));
}

/** Replaces a person's subscriptions with `kinds`. */
export async function setSubscriptions(db: Tx, userId: string, kinds: readonly ReminderKind[]) {
  await db.transaction(async (tx) => {
    await tx.delete(reminderSubscriptions).where(eq(reminderSubscriptions.userId, userId));
    if (kinds.length) await tx.insert(reminderSubscriptions).values(kinds.map((kind) => ({ userId, kind })));
  });
}
