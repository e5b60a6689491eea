import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { stockCard } from "#app/ledger/movements.server.ts";
import { reportForPrint, reportPage } from "#app/ledger/report/queries.server.ts";
import { readReportView } from "#app/ledger/report/view.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { SeedRefused, seedDatabase } from "../../scripts/seed/run.ts";

// `npm run seed -- --scale plant` (issue 17): two years of movements behind every seeded item,
// loaded with COPY; the ledger they make must hold as the app's own would: each item's cached
// balance the sum of its movements, no day ending below zero, reversals pointing at their issue.
// The last test times the bench's ledger queries on this data (printed, not asserted: the budgets
// are the bench's, docs/performance.md).

const url = process.env.DATABASE_URL ?? "";
const sql = postgres(url, { max: 1, onnotice: () => {} });
const today = dateInZone(new Date(), "Asia/Kolkata");
let seeded: Awaited<ReturnType<typeof seedDatabase>>;

beforeAll(async () => {
  seeded = await seedDatabase(url, { scale: "plant", today });
}, 300_000);
afterAll(() => sql.end());

describe("the plant-scale seed's stock ledger", () => {
  it("adds at least 200,000 movements over two years, the last on today", async () => {
    expect(seeded.counts.stock_movements).toBeGreaterThanOrEqual(200_000);
    const [span] =
      await sql`select min(moved_on)::text as first, max(moved_on)::text as last from stock_movements`;
    expect(span.last <= today).toBe(true);
    expect(span.first < `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`).toBe(true);
  });

  it("keeps every item's cached balance equal to the sum of its movements", async () => {
    const [wrong] = await sql`
      select
        (select count(*)::int from inventory_items i where i.available_stock <>
          coalesce((select sum(quantity) from stock_movements m where m.inventory_item_id = i.id), 0)) as lines,
        (select count(*)::int from rack_items r where r.closing_stock <>
          coalesce((select sum(quantity) from stock_movements m where m.rack_item_id = r.id), 0)) as racks`;
    expect(wrong).toEqual({ lines: 0, racks: 0 });
  });

  it("lies on disk day by day, as a ledger entered over two years does, and vacuumed", async () => {
    // Loaded item by item, a month's movements lay on nearly every page of the table, and Today's
    // reads of the last 30 days touched thousands of pages where a real ledger has a few dozen.
    const [pages] = await sql`
      select count(distinct (ctid::text::point)[0])::int as month,
        (select count(distinct (ctid::text::point)[0])::int from stock_movements) as all
      from stock_movements where moved_on > ${today}::date - 30`;
    expect(pages.month).toBeLessThan(pages.all / 10);
    // Each item's movements still in date order by id (the stock card's order).
    const [outOfOrder] = await sql`
      select count(*)::int as n from (
        select moved_on < lag(moved_on) over (partition by coalesce(rack_item_id, inventory_item_id) order by id) as back
        from stock_movements) m where back`;
    expect(outOfOrder.n).toBe(0);
    const [vacuumed] = await sql`
      select count(*)::int as n from pg_stat_user_tables
      where relname = 'stock_movements' and last_vacuum is not null`;
    expect(vacuumed.n).toBe(1);
  });

  it("never ends a day below zero, and reverses only issues of the same item and day", async () => {
    const [negative] = await sql`
      select count(*)::int as days from (
        select sum(sum(quantity)) over (partition by coalesce(rack_item_id, inventory_item_id) order by moved_on) as balance
        from stock_movements group by coalesce(rack_item_id, inventory_item_id), moved_on
      ) days where balance < 0`;
    expect(negative.days).toBe(0);
    const [reversals] = await sql`
      select count(*)::int as all, count(*) filter (where o.kind = 'issue' and o.moved_on = r.moved_on
        and o.rack_item_id is not distinct from r.rack_item_id
        and o.inventory_item_id is not distinct from r.inventory_item_id and o.quantity = -r.quantity)::int as good
      from stock_movements r join stock_movements o on o.id = r.reverses_id`;
    expect(reversals.all).toBeGreaterThan(50);
    expect(reversals.good).toBe(reversals.all);
  });

  it("gives one rack item about 2,000 movements (the bench's stock card)", async () => {
    const [heavy] = await sql`
      select rack_item_id, count(*)::int as n from stock_movements where rack_item_id is not null
      group by 1 order by 2 desc limit 1`;
    expect(heavy.n).toBeGreaterThanOrEqual(2000);
  });

  it("refuses to seed again over the records without --force", async () => {
    await expect(seedDatabase(url, { scale: "demo", today })).rejects.toBeInstanceOf(SeedRefused);
  });

  it("times the ledger's budget queries on plant-scale data (printed, not asserted)", async () => {
    const [heavy] = await sql`
      select rack_item_id::text as id from stock_movements where rack_item_id is not null
      group by 1 order by count(*) desc limit 1`;
    const time = async (label: string, run: () => Promise<unknown>) => {
      await run();
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `[ledger timing] ${label}: median ${times[3].toFixed(0)} ms, max ${times[6].toFixed(0)} ms`,
      );
    };
    const month = readReportView(new URLSearchParams("items=rack"), today);
    await time("stock card, ~2,000 movements", () => stockCard(db, { type: "rack", id: heavy.id }));
    await time("stock report, 1,200 rack items, this month, whole list", () =>
      reportForPrint(db, "", month.filters, true),
    );
    await time("stock report, page of 100, every item, this month", () =>
      reportPage(
        db,
        { q: "", page: 1, size: 100 },
        readReportView(new URLSearchParams(""), today).filters,
        true,
      ),
    );
    expect(heavy.id).toBeTruthy();
  });
});
