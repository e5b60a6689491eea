import { datePassed, type StatusBounds, type StatusReason } from "#app/contracts/rules.ts";

// What the contracts' charts draw (issue 36): each contract's validity end and next PMS due date
// in a window, overdue by the /amc status rule's own test (rules.ts datePassed), so the picture,
// the list's marks, Today and the alerts agree. The geometry is timeline.server.ts.

export type ContractEvent = {
  id: string;
  equipment: string;
  company: string;
  what: StatusReason;
  date: string;
  overdue: boolean;
};

export type ContractDatesRow = {
  id: string;
  equipment: string;
  company: string;
  validityTo: string | null;
  nextDueOn: string | null;
};

/** A contract's two dates that come round, each with what it is: its next PMS due and its validity end (when set). */
export function datesOf(row: Pick<ContractDatesRow, "validityTo" | "nextDueOn">) {
  const dates = [
    { what: "pms", date: row.nextDueOn },
    { what: "validity", date: row.validityTo },
  ] as const;
  return dates.filter((dated): dated is { what: StatusReason; date: string } => Boolean(dated.date));
}

/** Each contract's dates on or before `through`, overdue or not, nearest first (PMS first on a tie). */
export function contractEvents(
  rows: readonly ContractDatesRow[],
  through: string,
  bounds: StatusBounds,
): ContractEvent[] {
  const events: ContractEvent[] = [];
  for (const row of rows) {
    for (const { what, date } of datesOf(row)) {
      if (date > through) continue;
      events.push({
        id: row.id,
        equipment: row.equipment,
        company: row.company,
        what,
        date,
        overdue: datePassed(what, date, bounds),
      });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || (a.what === "pms" ? -1 : 1));
}

/** A text with {placeholders} filled in: the words' English when no translator is given. */
const filled = (english: string, values: Record<string, string>) =>
  english.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

/**
 * How a date reads in a chart's words: "PMS due 28/11/2026", "validity ended 02/11/2026"; `say`
 * words them in a page's language (the English is the catalogue's key, namespace "contracts").
 */
export function eventWords(
  event: ContractEvent,
  formatDate: (date: string) => string,
  say: (english: string, values: Record<string, string>) => string = filled,
): string {
  const values = { date: formatDate(event.date) };
  if (event.what === "pms")
    return say(event.overdue ? "PMS was due {date} (overdue)" : "PMS due {date}", values);
  return say(event.overdue ? "validity ended {date} (overdue)" : "validity ends {date}", values);
}
