import { dayScale, linePath, round1 } from "#app/charts/axes.server.ts";
import type { ChartView, Layer, StrokeStyle, Tick } from "#app/charts/geometry.ts";
import type { Tx } from "#app/db/client.server.ts";
import { type Say, sayIn } from "#app/home/words.server.ts";
import { issuedPerDepartmentDay, journalMark } from "#app/ledger/movements.server.ts";
import { addDays, formatDateGB } from "#app/lib/dates.ts";
import { DEPARTMENTS } from "#app/spares/rules.ts";
import { formatQuantity, fromThousandths, toThousandths } from "#app/stock/rules.ts";

// Today's spares card (issue 36): what each department issued a day over the last 30 days, a
// sparkline each, one above the other, each on its own scale (the shape of its use, not a
// comparison of sizes: the totals beside them say that). Worked out on the server; the page gets
// the drawn lines (app/charts/chart.tsx).

/** The days the sparklines cover, today included. */
export const SPARK_DAYS = 30;

const WIDTH = 320;
const ROW = 26;
const DASH: StrokeStyle[] = ["solid", "dashed", "dotted"];

export type DepartmentUse = { department: string; total: number; days: { day: string; issued: number }[] };

/** Each department's issues a day over the window, every day present (0 when none). */
export function departmentUse(
  rows: readonly { department: string; day: string; issued: number }[],
  today: string,
): DepartmentUse[] {
  const from = addDays(today, -(SPARK_DAYS - 1));
  const days = Array.from({ length: SPARK_DAYS }, (_, index) => addDays(from, index));
  return DEPARTMENTS.map((department) => {
    const mine = new Map(
      rows.filter((row) => row.department === department).map((row) => [row.day, row.issued]),
    );
    const perDay = days.map((day) => ({ day, issued: Math.max(0, mine.get(day) ?? 0) }));
    const total = fromThousandths(perDay.reduce((sum, day) => sum + toThousandths(day.issued), 0));
    return { department, total, days: perDay };
  });
}

export function sparklines(use: readonly DepartmentUse[], today: string, say: Say = sayIn()): ChartView {
  const from = addDays(today, -(SPARK_DAYS - 1));
  const plot = { left: 118, top: 6, right: WIDTH - 8, bottom: 6 + use.length * ROW };
  const { x, ticks } = dayScale(from, today, plot, 3);
  const layers: Layer[] = use.map((department, index) => {
    const top = plot.top + index * ROW + 3;
    const bottom = plot.top + (index + 1) * ROW - 5;
    const max = Math.max(...department.days.map((day) => day.issued));
    const y = (value: number) => round1(max > 0 ? bottom - (value / max) * (bottom - top) : bottom);
    // Each day's figure at the middle of its day.
    const points = department.days.map((day) => ({
      x: round1(x(day.day) + (x(addDays(day.day, 1)) - x(day.day)) / 2),
      y: y(day.issued),
    }));
    return {
      kind: "line",
      name: department.department,
      tone: "main",
      stroke: DASH[index % DASH.length],
      d: linePath(points),
    };
  });
  const yTicks: Tick[] = use.map((department, index) => ({
    at: round1(plot.top + index * ROW + ROW / 2),
    label: `${say(department.department)} ${formatQuantity(department.total)}`,
  }));
  const busiest = (department: DepartmentUse) =>
    department.days.reduce((most, day) => (day.issued > most.issued ? day : most), department.days[0]);
  return {
    title: say("Spares issued per department a day, {from} to {to}", {
      from: formatDateGB(from),
      to: formatDateGB(today),
    }),
    description: `${use
      .map((department) => {
        const name = say(department.department);
        if (department.total <= 0) return say("{department}: nothing issued", { department: name });
        const most = busiest(department);
        return say("{department}: {total} issued, most on {day} ({most})", {
          department: name,
          total: formatQuantity(department.total),
          day: formatDateGB(most.day),
          most: formatQuantity(most.issued),
        });
      })
      .join("; ")}.`,
    geometry: {
      width: WIDTH,
      height: round1(plot.bottom + 22),
      plot,
      xTicks: ticks,
      yTicks,
      layers,
      legend: [],
    },
  };
}

type IssuedRows = Awaited<ReturnType<typeof issuedPerDepartmentDay>>;

/** The window's days before today as last summed, per database (a test's, the bench's, the app's). */
const pastDays = new WeakMap<
  Tx,
  { from: string; to: string; mark: string; until: number; rows: Promise<IssuedRows> }
>();
/** How long the days before today are reused at most, whatever the journal's mark says. */
const PAST_REUSE_MS = 60_000;

/**
 * What each department issued a day over the window, today included: the same rule and query as
 * the ledger's figures (issuedPerDepartmentDay), once for the days before today and once for
 * today. Summing the window's days reads its month of issues and looks up each line's department,
 * the most of Today's time at plant scale (docs/performance.md, the charts), and those days change
 * only when the journal does, so their sums are reused while the journal's mark for them holds
 * (journalMark, read on every load: a movement entered, reversed or deleted with its line, on any
 * instance, shows at once). Today's few movements are summed each time. A minute at most bounds
 * what the mark cannot see (a movement changed by hand in the database).
 */
async function issuedOverWindow(db: Tx, today: string): Promise<IssuedRows> {
  const from = addDays(today, -(SPARK_DAYS - 1));
  const yesterday = addDays(today, -1);
  // The mark is read before the days' sums, so sums kept under a mark are never older than it.
  const [mark, todays] = await Promise.all([
    journalMark(db, from, yesterday),
    issuedPerDepartmentDay(db, today, today),
  ]);
  const now = Date.now();
  let past = pastDays.get(db);
  if (!past || past.from !== from || past.to !== yesterday || past.mark !== mark || past.until <= now) {
    const rows = issuedPerDepartmentDay(db, from, yesterday);
    past = { from, to: yesterday, mark, until: now + PAST_REUSE_MS, rows };
    pastDays.set(db, past);
    // A failed read is not kept: the next load reads again.
    rows.catch(() => {
      if (pastDays.get(db)?.rows === rows) pastDays.delete(db);
    });
  }
  return [...(await past.rows), ...todays];
}

/** Each department's issues a day over the window now: the figures the sparklines draw. */
export async function loadDepartmentUse(db: Tx, today: string): Promise<DepartmentUse[]> {
  return departmentUse(await issuedOverWindow(db, today), today);
}

/** Today's sparklines now. */
export async function loadSparklines(db: Tx, today: string, say?: Say): Promise<ChartView> {
  return sparklines(await loadDepartmentUse(db, today), today, say);
}
