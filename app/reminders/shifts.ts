import { addDays, dateInZone, wallClock } from "#app/lib/dates.ts";

// The plant's shifts (issue 19: "shift times are a setting"), pure: `now` and the zone are passed
// in. A shift runs from its start time to the next one's; the last of the day runs past midnight
// to the first of the next day, and that one is the night shift. Times are compared as the plant's
// wall clock ("YYYY-MM-DDTHH:MM", as AS16's date-and-time field stores them), never in UTC.

export type ShiftWindow = {
  /** Plant-local start and end, "YYYY-MM-DDTHH:MM". */
  start: string;
  end: string;
};

/** The plant's wall clock at `now`: "YYYY-MM-DDTHH:MM". */
export function plantClock(now: Date, timeZone: string): string {
  const { date, hour, minute } = wallClock(now, timeZone);
  return `${date}T${hour}:${minute}`;
}

/** The settings' start times, sorted, each once; none readable → one shift from 00:00. */
function startTimes(shiftTimes: readonly string[]): string[] {
  const times = [...new Set(shiftTimes.filter((time) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time)))].sort();
  return times.length ? times : ["00:00"];
}

/** The shifts that start on `day`, in order; the last ends on the next day. */
function shiftsOn(day: string, times: readonly string[]): ShiftWindow[] {
  return times.map((time, index) => ({
    start: `${day}T${time}`,
    end: index + 1 < times.length ? `${day}T${times[index + 1]}` : `${addDays(day, 1)}T${times[0]}`,
  }));
}

/** The shifts around `now`: those starting on the two days before and on today. */
function recentShifts(now: Date, timeZone: string, shiftTimes: readonly string[]) {
  const times = startTimes(shiftTimes);
  const today = dateInZone(now, timeZone);
  return {
    times,
    shifts: [addDays(today, -2), addDays(today, -1), today].flatMap((day) => shiftsOn(day, times)),
  };
}

/** The shift that ended last at `now` (the one whose handing-over record is due). */
export function lastEndedShift(now: Date, timeZone: string, shiftTimes: readonly string[]): ShiftWindow {
  const clock = plantClock(now, timeZone);
  const { shifts } = recentShifts(now, timeZone, shiftTimes);
  const ended = shifts.filter((shift) => shift.end <= clock);
  return ended[ended.length - 1];
}

/**
 * The night shift that ended last at `now` ("last night"): the shift that runs across midnight, or
 * with a shift starting at 00:00, that one. Until this morning's night shift ends, last night is
 * the one before.
 */
export function lastNight(now: Date, timeZone: string, shiftTimes: readonly string[]): ShiftWindow {
  const clock = plantClock(now, timeZone);
  const { times, shifts } = recentShifts(now, timeZone, shiftTimes);
  const nightIndex = times[0] === "00:00" ? 0 : times.length - 1;
  const nights = shifts.filter(
    (_, index) => index % times.length === nightIndex && shifts[index].end <= clock,
  );
  return nights[nights.length - 1];
}

/** "14:00–22:00 on 22/11/2026", or "22:00 on 22/11/2026 – 06:00 on 23/11/2026" across midnight. */
export function shiftText(shift: ShiftWindow): string {
  const [startDay, startTime] = shift.start.split("T");
  const [endDay, endTime] = shift.end.split("T");
  const day = (iso: string) => iso.split("-").reverse().join("/");
  return startDay === endDay
    ? `${startTime}–${endTime} on ${day(startDay)}`
    : `${startTime} on ${day(startDay)} – ${endTime} on ${day(endDay)}`;
}
