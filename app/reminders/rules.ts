import * as z from "zod/mini";
import { datePassed, type StatusBounds } from "#app/contracts/rules.ts";
import { inEnglish, type Translate } from "#app/i18n/translate.ts";
import { dateInZone, formatDateGB, wallClock } from "#app/lib/dates.ts";
import { quotedForMail } from "#app/lib/text.ts";
import { ORDER_TO_PLACE_QUERY } from "#app/spares/list.ts";

// Reminder rules (issue 19), pure: "today" and the plant's zone are passed in, never read here, so
// the same rule answers for the digest job, the tests' fixed days and the Today page.

/** Days before a contract's validity end and next PMS due when a reminder goes out. */
export const DEFAULT_CONTRACT_OFFSETS = [60, 30, 7] as const;
/** The digest's time of day in the plant's zone. */
export const DEFAULT_DIGEST_TIME = "08:00";

/** What a person may subscribe to on /account; each kind needs read access to its area. */
export const REMINDER_KINDS = ["contracts", "spares", "returns"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  contracts: "Contracts: validity ending and PMS due (AMC)",
  spares: "Spares lines at or below minimum stock",
  returns: "Returnable material (AS15) overdue",
};
export const REMINDER_KIND_AREAS = { contracts: "contracts", spares: "spares", returns: "sop" } as const;

/** The kinds a role may subscribe to: those whose area it may read (a guard: returns only). */
export function kindsForRole(
  mayRead: (area: (typeof REMINDER_KIND_AREAS)[ReminderKind]) => boolean,
): ReminderKind[] {
  return REMINDER_KINDS.filter((kind) => mayRead(REMINDER_KIND_AREAS[kind]));
}

/** /account's reminder choices: the ticked kinds (one box gives one value, several a list). */
export const reminderChoicesSchema = z.object({
  intent: z.literal("reminders"),
  kind: z.pipe(
    z.optional(z.union([z.string(), z.array(z.optional(z.string()))])),
    z.transform((value): unknown[] => [value ?? []].flat()),
  ),
});

/** The checkboxes /account sent, kept to the kinds the role may have. */
export function chosenKinds(values: unknown[], allowed: readonly ReminderKind[]): ReminderKind[] {
  return allowed.filter((kind) => values.includes(kind));
}

/** Whole days from one calendar date to another (negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/**
 * The reminder a contract date calls for on `today`, as the offset it is sent under, or null.
 * Before the date: the nearest offset already reached (60, 30, 7 days before…). A day missed
 * while the server was down is caught up, because an offset stays "reached" until a nearer one
 * is; once a nearer one is reached the farther one is covered by it, not sent late as well.
 * From the day after the date: every day, under the negative number of days overdue (so each day
 * is its own reminder). On the day itself nothing new: the 7-day reminder has said so.
 */
export function contractReminderOffset(
  dueDate: string | null | undefined,
  today: string,
  offsets: readonly number[],
): number | null {
  if (!dueDate) return null;
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft < 0) return daysLeft;
  const reached = offsets.filter((offset) => offset >= daysLeft);
  return reached.length ? Math.min(...reached) : null;
}

/** "08:00" → 8 h 0 min; the cron line of the digest: "0 8 * * *". */
export function digestCron(time: string): string {
  const [hours, minutes] = parseTime(time);
  return `${minutes} ${hours} * * *`;
}

function parseTime(time: string): [number, number] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) return parseTime(DEFAULT_DIGEST_TIME);
  return [Number(match[1]), Number(match[2])];
}

/** Is the digest's time of day already past at `now` in the plant's zone (a late start catches up)? */
export function digestTimePassed(now: Date, timeZone: string, time: string): boolean {
  const [hours, minutes] = parseTime(time);
  const clock = wallClock(now, timeZone);
  return Number(clock.hour) * 60 + Number(clock.minute) >= hours * 60 + minutes;
}

/** The plant's calendar day at `now`: a contract ending "today" ends on this date. */
export const plantDay = (now: Date, timeZone: string) => dateInZone(now, timeZone);

/** "in 30 days", "today", "1 day overdue" (in `say`'s language). */
export function daysText(daysLeft: number, say: Translate = inEnglish): string {
  if (daysLeft === 0) return say("today");
  if (daysLeft === 1) return say("tomorrow");
  if (daysLeft > 1) return say("in {days} days", { days: daysLeft });
  return daysLeft === -1 ? say("1 day overdue") : say("{days} days overdue", { days: -daysLeft });
}

export type ContractDue = {
  id: string;
  equipment: string;
  company: string;
  what: "validity" | "pms";
  date: string;
  offset: number;
  mobileNumber: string;
  whatsApp: string | null;
};
export type SparesDue = {
  department: string;
  srno: number;
  assets: string;
  available: number;
  minimum: number;
};
export type ReturnDue = {
  gatePassNo: string;
  descriptionOfItems: string;
  issuedTo: string;
  expected: string;
};

export type DigestItems = { contracts: ContractDue[]; spares: SparesDue[]; returns: ReturnDue[] };

/**
 * The digest mail of one person: the sections of the kinds they subscribe to that have something due.
 * Every text that comes from a record (an equipment, a description a guard typed…) is quoted as data
 * (lib/text.ts quotedForMail): on one line, in quotation marks, truncated, its addresses defanged,
 * so it can neither start a paragraph that reads as ours nor carry a link. The mail is text only.
 * Its own words are in the recipient's language (`say`, English by default); the records' stay as typed.
 */
export function digestMessage(
  items: DigestItems,
  kinds: readonly ReminderKind[],
  context: { today: string; appUrl: string; plantName: string },
  say: Translate = inEnglish,
): { subject: string; text: string } | null {
  const { today, appUrl } = context;
  const when = (date: string) => daysText(daysBetween(today, date), say);
  const lines: string[] = [];
  let count = 0;
  if (kinds.includes("contracts") && items.contracts.length) {
    count += items.contracts.length;
    lines.push(say("Contracts (AMC): {link}", { link: `${appUrl}/amc` }), "");
    for (const item of items.contracts) {
      const due = say(item.what === "validity" ? "validity ends {date}, {when}" : "PMS due {date}, {when}", {
        date: formatDateGB(item.date),
        when: when(item.date),
      });
      lines.push(
        `- ${quotedForMail(item.equipment)}${item.company ? ` (${quotedForMail(item.company)})` : ""}: ${due}`,
        `  ${appUrl}/amc?q=${encodeURIComponent(item.equipment)}`,
      );
      if (item.whatsApp) lines.push(`  WhatsApp ${quotedForMail(item.mobileNumber)}: ${item.whatsApp}`);
    }
    lines.push("");
  }
  if (kinds.includes("spares") && items.spares.length) {
    count += items.spares.length;
    lines.push(say("Spares to order (Order to place: at or below minimum stock):"), "");
    for (const item of items.spares) {
      const stock = say("{available} in stock, minimum {minimum}", {
        available: item.available,
        minimum: item.minimum,
      });
      lines.push(
        `- ${item.department} #${item.srno} ${quotedForMail(item.assets)}: ${stock}`,
        `  ${appUrl}/products/${item.department}?${ORDER_TO_PLACE_QUERY}`,
      );
    }
    lines.push("");
  }
  if (kinds.includes("returns") && items.returns.length) {
    count += items.returns.length;
    lines.push(say("Returnable material overdue (AS15): {link}", { link: `${appUrl}/as15` }), "");
    for (const item of items.returns) {
      const values = {
        pass: item.gatePassNo ? quotedForMail(item.gatePassNo) : "N/A",
        items: quotedForMail(item.descriptionOfItems),
        to: item.issuedTo ? quotedForMail(item.issuedTo) : "N/A",
        date: formatDateGB(item.expected),
        when: when(item.expected),
      };
      lines.push(
        `- ${say("Gate pass {pass}: {items} issued to {to}, expected back {date} ({when})", values)}`,
      );
    }
    lines.push("");
  }
  if (count === 0) return null;
  const day = formatDateGB(today);
  const values = { plant: context.plantName, count, date: day };
  return {
    subject:
      count === 1
        ? say("{plant}: {count} reminder for {date}", values)
        : say("{plant}: {count} reminders for {date}", values),
    text: [
      say("PlantOps daily reminders for {date}.", { date: day }),
      "",
      ...lines,
      say("Today in PlantOps: {link}", { link: `${appUrl}/home` }),
      say("Choose your reminders: {link}", { link: `${appUrl}/account` }),
    ].join("\n"),
  };
}

/** A band of the Today page's contracts card: overdue, or due within a reminder window. */
export type ContractBand = {
  what: ContractDue["what"];
  /** null: overdue (validity ended, PMS due date passed); else the window's days (7, 30, 60). */
  within: number | null;
  /** The window's nearest day (8 for "8–30 days"), for the label. */
  from: number;
  items: ContractDue[];
};

/**
 * contractDates' items in the Today page's bands, for each of validity end and next PMS due:
 * overdue first, then each window nearest first, each date in the nearest window it has reached
 * (disjoint: 0–7, 8–30, 31–60 days). Overdue is the /amc status rule's own (contracts/rules.ts
 * datePassed on `bounds`, statusBounds at the same `now`), so the count and the "Expired" list it
 * links to agree: a contract is valid through its validity end date, so one ending today is in the
 * nearest window and overdue tomorrow; a PMS due date has passed from its own 00:00.
 */
export function contractBands(
  items: readonly ContractDue[],
  today: string,
  offsets: readonly number[],
  bounds: StatusBounds,
): ContractBand[] {
  const windows = [...new Set(offsets)].sort((a, b) => a - b);
  const bands: ContractBand[] = [];
  for (const what of ["validity", "pms"] as const) {
    const mine = items.filter((item) => item.what === what);
    const overdue = (item: ContractDue) => datePassed(what, item.date, bounds);
    bands.push({ what, within: null, from: 0, items: mine.filter(overdue) });
    windows.forEach((within, index) => {
      const from = index === 0 ? 0 : windows[index - 1] + 1;
      bands.push({
        what,
        within,
        from,
        items: mine.filter((item) => {
          if (overdue(item)) return false;
          const days = daysBetween(today, item.date);
          return days >= from && days <= within;
        }),
      });
    });
  }
  return bands;
}
