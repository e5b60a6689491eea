import type { LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { changeCounts } from "#app/audit/history.server.ts";
import { isRecordType, RECORD_TYPES, recordTypeLabel } from "#app/audit-trail/record-types.ts";
import { type Area, can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { BACKUP_STALE_HOURS } from "#app/backups/rules.ts";
import { backupStatus } from "#app/backups/run.server.ts";
import { type StatusBounds, statusBounds } from "#app/contracts/rules.ts";
import { loadMonthStrip } from "#app/contracts/timeline.server.ts";
import { db, type Tx } from "#app/db/client.server.ts";
import { loadSparklines } from "#app/home/sparklines.server.ts";
import { todayVisits } from "#app/home/table.server.ts";
import { FIRST_FEW, type TodayCard, type TodayData, type TodayGroup } from "#app/home/today.ts";
import { type Say, sayIn } from "#app/home/words.server.ts";
import { requestLanguage } from "#app/i18n/language.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { dateInZone, formatDateGB, formatDateTimeGB, isIsoDate } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { groupDigits } from "#app/lib/numbers.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { contractDates, sparesBelowMinimum } from "#app/reminders/queries.server.ts";
import { type ContractBand, contractBands, daysBetween, plantDay } from "#app/reminders/rules.ts";
import { lastEndedShift, lastNight, type ShiftWindow } from "#app/reminders/shifts.ts";
import { getPlantSettings, plantSettingsFor } from "#app/settings/queries.server.ts";
import type { PlantSettings } from "#app/settings/schema.ts";
import { hasRecordFrom, outstandingReturns } from "#app/sop/queries.server.ts";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { stockCover } from "#app/spares/cover.ts";
import { ORDER_TO_PLACE_QUERY } from "#app/spares/list.ts";
import { DEPARTMENTS, ORDER_TO_PLACE } from "#app/spares/rules.ts";
import { linesWithLeadTime } from "#app/spares/stock.server.ts";

// Today (issue 19): what needs doing, for the signed-in user's role, worked out for one `now` in
// the plant's zone. The contract dates, the spares below minimum and the returns come from the
// same queries as the daily digest (app/reminders); each card only reads what the role may read.

export type TodayUser = { id: string; role: Role; sessionId: string };

/** The loader of /home and of its print: Today for the signed-in user. */
export async function todayLoader({ request }: LoaderFunctionArgs) {
  return { today: await loadToday(request, await requireUser(request)) };
}

/** Today for a route's signed-in user now, in their language, or null when it cannot be read (the page still opens). */
export async function loadToday(
  request: Request,
  user: TodayUser & { language: string | null },
): Promise<TodayData | null> {
  try {
    return await todayFor(db, user, new Date(), serverSettings().PLANT_TIME_ZONE, {
      reuseOrderNow: true,
      // The root and the shell have read them for this request already.
      plant: plantSettingsFor(request),
      language: (plantDefault) => requestLanguage(request, user, plantDefault),
    });
  } catch (error) {
    logError(request, error);
    return null;
  }
}

export async function todayFor(
  db: Tx,
  user: TodayUser,
  now: Date,
  timeZone: string,
  {
    reuseOrderNow = false,
    plant: known,
    language = () => SOURCE_LANGUAGE,
  }: {
    reuseOrderNow?: boolean;
    /** The plant's settings, when the caller has them (else read here). */
    plant?: Promise<PlantSettings>;
    /** The language to word Today in, given the plant's default (English by default). */
    language?: (plantDefault: string) => string | Promise<string>;
  } = {},
): Promise<TodayData> {
  const plant = await (known ?? getPlantSettings(db));
  const today = plantDay(now, timeZone);
  const say = sayIn(await language(plant.language));
  const mayRead = (area: Area) => can(user.role, area, "read");
  const cards = await Promise.all([
    can(user.role, "settings", "write") ? backupsCard(db, now, timeZone, say) : null,
    mayRead("contracts")
      ? contractsCard(db, today, plant.reminderOffsets, statusBounds(now, timeZone, plant.dueSoonDays), say)
      : null,
    mayRead("spares") ? sparesCard(db, today, reuseOrderNow, say) : null,
    mayRead("sop") ? returnsCard(db, today, say) : null,
    mayRead("sop") ? shiftsCard(db, now, timeZone, plant.shiftTimes, say) : null,
    changesCard(db, user, now, timeZone, say),
  ]);
  return {
    day: formatDateGB(today),
    at: formatDateTimeGB(now, timeZone),
    cards: cards.filter((card): card is TodayCard => card !== null),
  };
}

/** For admins, when the last good backup is older than 26 hours, there is none, or the last one failed. */
async function backupsCard(db: Tx, now: Date, timeZone: string, say: Say): Promise<TodayCard | null> {
  const { last, failure, stale } = await backupStatus(db, now);
  if (!stale) return null;
  const hours = last ? Math.floor((now.getTime() - last.takenAt.getTime()) / 3_600_000) : 0;
  return {
    id: "backups",
    title: say("Backups"),
    total: 1,
    summary: failure
      ? say("The last backup failed ({at}).", { at: formatDateTimeGB(failure.at, timeZone) })
      : last
        ? say("The last good backup is from {at}, more than {hours} hours ago.", {
            at: formatDateTimeGB(last.takenAt, timeZone),
            hours: BACKUP_STALE_HOURS,
          })
        : say("No backup has been taken yet."),
    groups: [
      {
        label: last ? say("Hours since the last good backup") : say("Backups kept"),
        count: hours,
        late: true,
        href: "/settings/backups",
        items: failure ? [{ text: failure.message, typed: true, late: true, href: "/settings/backups" }] : [],
      },
    ],
  };
}

function bandLabel(band: ContractBand, say: Say) {
  const validity = band.what === "validity";
  if (band.within === null) return validity ? say("Validity ended") : say("PMS due date passed");
  const days = { from: band.from, within: band.within };
  if (band.from === 0)
    return validity
      ? say("Validity ends within {within} days", days)
      : say("PMS due within {within} days", days);
  return validity
    ? say("Validity ends in {from}–{within} days", days)
    : say("PMS due in {from}–{within} days", days);
}

/** How far a date is from today ("in 3 days", "2 days overdue"): the digest's words (daysText), in the page's language. */
function daysFrom(daysLeft: number, say: Say) {
  if (daysLeft === 0) return say("today");
  if (daysLeft === 1) return say("tomorrow");
  if (daysLeft > 1) return say("in {days} days", { days: daysLeft });
  return daysLeft === -1 ? say("1 day overdue") : say("{days} days overdue", { days: -daysLeft });
}

async function contractsCard(
  db: Tx,
  today: string,
  offsets: readonly number[],
  bounds: StatusBounds,
  say: Say,
): Promise<TodayCard> {
  const [dates, chart] = await Promise.all([
    contractDates(db, today, offsets, bounds),
    loadMonthStrip(db, today, bounds, say),
  ]);
  const bands = contractBands(dates, today, offsets, bounds);
  const groups = bands.map(
    (band): TodayGroup => ({
      label: bandLabel(band, say),
      count: band.items.length,
      late: band.within === null && band.items.length > 0,
      // The /amc list's own views: "Expired" is its status filter (validity ended or next due
      // date passed, the one rule); the windows are its sort by that date, nearest first.
      href:
        band.within === null
          ? "/amc?status=expired"
          : band.what === "pms"
            ? "/amc?sort=nextDue"
            : "/amc?sort=validity",
      items: band.items.slice(0, FIRST_FEW).map((item) => ({
        text: `${item.equipment}${item.company ? ` (${item.company})` : ""}`,
        typed: true,
        note: `${formatDateGB(item.date)}, ${daysFrom(daysBetween(today, item.date), say)}`,
        late: band.within === null,
        href: `/amc?q=${encodeURIComponent(item.equipment)}`,
      })),
    }),
  );
  const total = bands.reduce((sum, band) => sum + band.items.length, 0);
  return {
    id: "contracts",
    title: say("Contracts (AMC)"),
    total,
    summary: say("Overdue, and due within the reminder windows ({days} days before).", {
      days: offsets.join(", "),
    }),
    groups,
    chart,
  };
}

/** The spares lines of each department whose order-by date (spares/cover.ts) is today or past. */
async function orderNowLines(db: Tx, today: string) {
  // The lines and what each issued in the window, in parallel: no list of ids to send back.
  const [issued, lines] = await Promise.all([
    Promise.all(DEPARTMENTS.map((department) => issuedInCoverWindow(db, { department }, today))),
    linesWithLeadTime(db),
  ]);
  const byLine = new Map(issued.flatMap((map) => [...map]));
  return lines.flatMap((line) => {
    const used = byLine.get(line.id);
    if (!used) return [];
    const cover = stockCover({
      stock: Number(line.stock),
      issued: used,
      leadTimeDays: Number(line.leadTimeDays),
      today,
    });
    return cover.kind === "cover" && cover.orderNow ? [{ ...line, orderBy: cover.orderBy }] : [];
  });
}

/**
 * The order-now lines are the plant's, the same for everyone, and move only with the ledger, but
 * finding them reads 90 days of issues of every spares line (the bench found /home over both its
 * budgets, one user and 20: docs/performance.md). The page reuses them for a minute per instance,
 * so a movement shows on Today within a minute; the tests and the digest compute them afresh.
 */
const ORDER_NOW_REUSE_MS = 60_000;
let orderNowMemo: { today: string; until: number; lines: ReturnType<typeof orderNowLines> } | null = null;

function reusedOrderNowLines(db: Tx, today: string) {
  const now = Date.now();
  if (!orderNowMemo || orderNowMemo.today !== today || orderNowMemo.until <= now) {
    const lines = orderNowLines(db, today);
    orderNowMemo = { today, until: now + ORDER_NOW_REUSE_MS, lines };
    // A failed read is not kept: the next load tries again.
    lines.catch(() => {
      if (orderNowMemo?.lines === lines) orderNowMemo = null;
    });
  }
  return orderNowMemo.lines;
}

async function sparesCard(db: Tx, today: string, reuseOrderNow: boolean, say: Say): Promise<TodayCard> {
  const [below, orderNow, chart] = await Promise.all([
    sparesBelowMinimum(db, FIRST_FEW),
    reuseOrderNow ? reusedOrderNowLines(db, today) : orderNowLines(db, today),
    loadSparklines(db, today, say),
  ]);
  const groups: TodayGroup[] = [];
  for (const department of DEPARTMENTS) {
    const name = say(department);
    const mine = below.rows.filter((row) => row.department === department);
    groups.push({
      // The lines whose Status of Order is 'Order to place' (at or below their minimum stock).
      label: say("{department}: {status} (at or below minimum stock)", {
        department: name,
        status: say(ORDER_TO_PLACE),
      }),
      count: below.totals[department] ?? 0,
      href: `/products/${department}?${ORDER_TO_PLACE_QUERY}`,
      items: mine.map((row) => ({
        text: `#${row.srno} ${row.assets}`,
        typed: true,
        note: say("{available} in stock, minimum {minimum}", {
          available: groupDigits(row.available),
          minimum: groupDigits(row.minimum),
        }),
        late: true,
        href: `/products/${department}?q=${encodeURIComponent(row.assets)}`,
      })),
    });
    const due = orderNow.filter((line) => line.department === department);
    groups.push({
      label: say("{department}: order-by date today or past", { department: name }),
      count: due.length,
      // The table shows each line's order-by date ("Order now"); it has no filter for it.
      href: `/products/${department}`,
      items: due.slice(0, FIRST_FEW).map((line) => ({
        text: `#${line.srno} ${line.assets}`,
        typed: true,
        note:
          line.orderBy === today
            ? say("order by today")
            : say("order by {date}", { date: formatDateGB(line.orderBy) }),
        late: true,
        href: `/products/${department}?q=${encodeURIComponent(line.assets)}`,
      })),
    });
  }
  return {
    id: "spares",
    title: say("Spares"),
    total: groups.reduce((sum, group) => sum + group.count, 0),
    summary: say(
      "Lines at or below their minimum stock, and lines to order now (from their use and lead time).",
    ),
    groups,
    chart,
  };
}

async function returnsCard(db: Tx, today: string, say: Say): Promise<TodayCard> {
  const outstanding = await outstandingReturns(db, today, FIRST_FEW + 2);
  return {
    id: "returns",
    title: say("Returnable material (AS15)"),
    total: outstanding.total,
    summary:
      outstanding.total === 0
        ? say("All returnable material is back.")
        : say("{overdue} overdue of {total} not returned.", {
            overdue: groupDigits(outstanding.overdue),
            total: groupDigits(outstanding.total),
          }),
    groups: [
      {
        label: say("Not returned, overdue first"),
        count: outstanding.total,
        late: outstanding.overdue > 0,
        href: "/as15/records?returns=all",
        items: outstanding.rows.map((row) => {
          const out = isIsoDate(row.date) ? daysBetween(row.date, today) : null;
          const expected = isIsoDate(row.expectedDateOfReturn)
            ? say("expected back {date} ({days})", {
                date: formatDateGB(row.expectedDateOfReturn),
                days: daysFrom(daysBetween(today, row.expectedDateOfReturn), say),
              })
            : say("no return date");
          const none = say("N/A");
          return {
            text: say("Gate pass {pass}: {items}, issued to {to}", {
              pass: row.gatePassNo || none,
              items: row.descriptionOfItems || none,
              to: row.issuedTo || none,
            }),
            note:
              out === null
                ? expected
                : out === 1
                  ? say("{expected}; out 1 day", { expected })
                  : say("{expected}; out {days} days", { expected, days: out }),
            late: row.overdue,
            href: `/as15/records/${row.recordId}`,
          };
        }),
      },
    ],
  };
}

/**
 * Is there a handing-over record (AS16) for the last shift: one whose date and time (plant wall
 * clock) is from that shift's start on? One written after the shift ended counts: handing over is
 * done at its end. And a patrol record (AS17) for last night: dated the night's first or second
 * day and entered after the night began (so last night's record is not this one's).
 */
export async function shiftRecords(db: Tx, now: Date, timeZone: string, shiftTimes: readonly string[]) {
  const shift = lastEndedShift(now, timeZone, shiftTimes);
  const night = lastNight(now, timeZone, shiftTimes);
  const today = dateInZone(now, timeZone);
  const [handover, patrol] = await Promise.all([
    hasRecordFrom(db, "AS16", [shift.start.slice(0, 10), today], shift.start, { field: "dateTime" }),
    hasRecordFrom(db, "AS17", [night.start.slice(0, 10), night.end.slice(0, 10)], night.start, {
      enteredIn: timeZone,
    }),
  ]);
  return { shift, night, handover, patrol };
}

function shiftGroup(
  label: string,
  window: ShiftWindow,
  found: boolean,
  list: string,
  form: string,
  say: Say,
): TodayGroup {
  const from = window.start.slice(0, 10);
  const to = window.end.slice(0, 10);
  return {
    label: `${label}, ${shiftWords(window, say)}`,
    count: found ? 0 : 1,
    late: !found,
    href: `${list}?from=${from}&to=${to}`,
    items: [found ? { text: say("Recorded") } : { text: say("Missing: fill it in"), late: true, href: form }],
  };
}

/** A shift's times ("06:00–14:00 on 23/11/2026"): the digest's words (shiftText), in the page's language. */
function shiftWords(shift: ShiftWindow, say: Say) {
  const [startDay = "", start = ""] = shift.start.split("T");
  const [endDay = "", end = ""] = shift.end.split("T");
  const day = (iso: string) => iso.split("-").reverse().join("/");
  return startDay === endDay
    ? say("{start}–{end} on {day}", { start, end, day: day(startDay) })
    : say("{start} on {startDay} – {end} on {endDay}", {
        start,
        startDay: day(startDay),
        end,
        endDay: day(endDay),
      });
}

async function shiftsCard(
  db: Tx,
  now: Date,
  timeZone: string,
  shiftTimes: readonly string[],
  say: Say,
): Promise<TodayCard> {
  const found = await shiftRecords(db, now, timeZone, shiftTimes);
  const groups = [
    shiftGroup(
      say("Handing over to security (AS16), last shift"),
      found.shift,
      found.handover,
      "/as16/records",
      "/as16",
      say,
    ),
    shiftGroup(
      say("Guard patrolling record (AS17), last night"),
      found.night,
      found.patrol,
      "/as17/records",
      "/as17",
      say,
    ),
  ];
  const missing = groups.reduce((sum, group) => sum + group.count, 0);
  return {
    id: "shifts",
    title: say("Shift records missing"),
    total: missing,
    summary: `${missing === 0 ? say("Both are in.") : say("{count} missing.", { count: missing })} ${say(
      "Shifts start at {times} (Settings).",
      { times: shiftTimes.join(", ") },
    )}`,
    groups,
  };
}

/**
 * The mark "since your last visit" counts from, noted as Today is opened. In a new session the
 * previous session's last look at Today becomes the mark and stays for the session; null on a
 * first visit. One statement, so two tabs (or two instances) opening Today at once agree.
 */
export async function visitMark(db: Tx, user: Pick<TodayUser, "id" | "sessionId">, now: Date) {
  const [row] = await db
    .insert(todayVisits)
    .values({ userId: user.id, sessionId: user.sessionId, seenAt: now, since: null })
    .onConflictDoUpdate({
      target: todayVisits.userId,
      set: {
        since: sql`case when ${todayVisits.sessionId} = excluded.session_id then ${todayVisits.since} else ${todayVisits.seenAt} end`,
        sessionId: sql`excluded.session_id`,
        seenAt: sql`greatest(${todayVisits.seenAt}, excluded.seen_at)`,
      },
    })
    .returning({ since: todayVisits.since });
  return row?.since ?? null;
}

async function changesCard(
  db: Tx,
  user: TodayUser,
  now: Date,
  timeZone: string,
  say: Say,
): Promise<TodayCard> {
  const mark = await visitMark(db, user, now);
  const since = mark ?? new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await changeCounts(db, since, now);
  const mayAudit = can(user.role, "audit", "read");
  const from = dateInZone(since, timeZone);
  const groups = rows
    // A record type the role may not read is not counted; one this version does not know, only for /audit's readers.
    .filter((row) =>
      isRecordType(row.entity) ? can(user.role, RECORD_TYPES[row.entity].area, "read") : mayAudit,
    )
    .map((row) => ({
      label: say(recordTypeLabel(row.entity)),
      count: row.count,
      href: mayAudit ? `/audit?type=${encodeURIComponent(row.entity)}&from=${from}` : undefined,
      items: [],
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    id: "changes",
    title: say("Changes since your last visit"),
    total: groups.reduce((sum, group) => sum + group.count, 0),
    summary: mark
      ? say("Since {at}, counted from the audit log.", { at: formatDateTimeGB(mark, timeZone) })
      : say("Your first visit: the last 24 hours (since {at}).", { at: formatDateTimeGB(since, timeZone) }),
    groups,
  };
}
