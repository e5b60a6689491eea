// Calendar dates are YYYY-MM-DD strings end to end (docs/architecture.md, "Dates"). These helpers are pure:
// "now" and the plant's time zone are passed in, never read from the clock here.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

// Building an Intl.DateTimeFormat costs far more than using one (docs/performance.md), and
// the contracts table asks for a status per row: keep one formatter per kind and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, timeZone: string, make: () => Intl.DateTimeFormat) {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** The calendar date it is at `now` in the given time zone, as YYYY-MM-DD. */
export function dateInZone(now: Date, timeZone: string): string {
  const parts = formatter(
    "date",
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  ).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The instant 00:00 of a calendar date in the given time zone. */
export function startOfDayInZone(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const utcGuess = Date.UTC(y, m - 1, d);
  // The zone's offset at that moment, found by formatting the guess in the zone.
  const offset = zoneOffsetMs(new Date(utcGuess), timeZone);
  const candidate = new Date(utcGuess - offset);
  // Correct once more in case the offset differs at the candidate (daylight-saving zones).
  const second = zoneOffsetMs(candidate, timeZone);
  return second === offset ? candidate : new Date(utcGuess - second);
}

/**
 * A zone's wall clock at an instant: its date (YYYY-MM-DD) and its hour, minute and second (two
 * digits each, 00–23 for the hour). The one reader of a zone's clock: a backup's name, the shifts and
 * the zone's offset are made from it.
 */
export function wallClock(instant: Date, timeZone: string) {
  const parts = formatter(
    "clock",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  ).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return {
    date: `${get("year")}-${get("month")}-${get("day")}`,
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

function zoneOffsetMs(instant: Date, timeZone: string) {
  const { date, hour, minute, second } = wallClock(instant, timeZone);
  const [year, month, day] = date.split("-").map(Number);
  const asUtc = Date.UTC(year, month - 1, day, Number(hour), Number(minute), Number(second));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Adds days to a calendar date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Display as dd/mm/yyyy (en-GB). Empty → "N/A"; unparsable → "Invalid Date" (the legacy app "Dates"). */
export function formatDateGB(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === "") return "N/A";
  const isoPart = value.trim().slice(0, 10);
  if (!isIsoDate(isoPart)) return "Invalid Date";
  const [y, m, d] = isoPart.split("-");
  return `${d}/${m}/${y}`;
}

/** A timestamp for people in the plant's zone: dd/mm/yyyy hh:mm. */
export function formatDateTimeGB(instant: Date | string, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "Invalid Date";
  return formatter(
    "timestamp",
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone,
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
  ).format(date);
}

/** The months as the plant says them, January first (a month index of 0). */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** No record, movement or contract date in PlantOps is earlier: a 1900 or a 0001 is a typing slip. */
export const EARLIEST_DATE = "2000-01-01";

/** Adds whole years to a calendar date (29 February becomes 28 February in a common year). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return new Date(Date.UTC(y + years, m - 1, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The plausible window of a date field: from `EARLIEST_DATE` to `yearsAhead` years after `today`. */
export function dateWindow(today: string, yearsAhead: number): { from: string; to: string } {
  return { from: EARLIEST_DATE, to: addYears(today, yearsAhead) };
}

/**
 * The message when a real date lies outside its field's window, or null inside it:
 * "Validity To must be between 01/01/2000 and 26/11/2056." Every date field's schema asks this
 * one rule (forms, the API and imports alike), each with its own window.
 */
export function dateWindowProblem(
  label: string,
  isoDate: string,
  window: { from: string; to: string },
): string | null {
  if (isoDate >= window.from && isoDate <= window.to) return null;
  return `${label} must be between ${formatDateGB(window.from)} and ${formatDateGB(window.to)}.`;
}

/**
 * Today by the clock, for the windows of schemas that are not given the plant's today (contracts,
 * SOP sheets: the same schema runs in the browser). It is UTC's day, at most one day from the
 * plant's: for a window one or thirty years wide, the far end moves by that day for a few hours.
 */
export const clockToday = (now = new Date()) => now.toISOString().slice(0, 10);
