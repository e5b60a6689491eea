import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { loader as tableLoader } from "#app/spares/routes/list.tsx";
import { loader as printLoader } from "#app/spares/routes/print.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// The department table as a server-side list (issue 14): the loader pages, searches, sorts and
// filters in PostgreSQL, from the address alone.

type Row = { srno: number; assets: string; components: string; status: string };
type Body = {
  department: string;
  rows: Row[];
  view: { q: string; sort: string; dir: string; page: number; size: number; total: number };
};

let cookie: string;
beforeAll(async () => {
  cookie = (await signedInUser()).cookie;
  // 250 Electrician lines: srno 1…250; every 10th is short of stock; line 237 alone holds 'Gearbox'.
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    select 'Electrician', n, case when n = 237 then 'Gearbox 50%_off' else 'Motor ' || n end,
      'Bearing', case when n % 10 = 0 then 1 else 9 end, 2, 3.5
    from generate_series(1, 250) as n`);
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    values ('Technician', 1, 'Gearbox', 'Seal', 1, 1, 1)`);
});

async function table(search = "") {
  const response = await run(tableLoader, buildRequest(`/products${search}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}

describe("a department table's list view", () => {
  it("sends one page of 50 lines by serial number and the whole list's count", async () => {
    const body = await table();
    expect(body.rows).toHaveLength(50);
    expect(body.rows[0].srno).toBe(1);
    expect(body.rows[49].srno).toBe(50);
    expect(body.view).toMatchObject({ page: 1, size: 50, total: 250, sort: "srno", dir: "asc" });
  });

  it("pages: page 3 of 50 holds lines 101–150; 100 per page when asked", async () => {
    const third = await table("?page=3");
    expect(third.rows.map((row) => row.srno)).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    const big = await table("?size=100&page=3");
    expect(big.rows.map((row) => row.srno)).toEqual(Array.from({ length: 50 }, (_, i) => 201 + i));
    // The size asked for is remembered (tests/integration/list-sizes.test.ts): back to the default.
    expect((await table("?size=50")).rows).toHaveLength(50);
  });

  it("answers the last page for a page past the end (an old link)", async () => {
    const body = await table("?page=99");
    expect(body.view.page).toBe(5);
    expect(body.rows[0].srno).toBe(201);
  });

  it("finds a line beyond the first page, in this department only, and counts the matches", async () => {
    const body = await table("?q=gearbox");
    expect(body.rows.map((row) => row.srno)).toEqual([237]);
    expect(body.view.total).toBe(1);
    expect(body.view.q).toBe("gearbox");
  });

  it("matches % and _ literally, and numbers as shown ('3.5', not '3.500')", async () => {
    expect((await table("?q=50%25_off")).rows.map((row) => row.srno)).toEqual([237]);
    expect((await table("?q=%25%25")).view.total).toBe(0);
    expect((await table("?q=3.5")).view.total).toBe(250);
    expect((await table("?q=3.500")).view.total).toBe(0);
  });

  it("sorts by a column either way, and ignores a sort it does not know", async () => {
    const bySrnoDown = await table("?sort=srno&dir=desc");
    expect(bySrnoDown.rows[0].srno).toBe(250);
    const byAssets = await table("?sort=assets&dir=asc");
    expect(byAssets.rows[0].assets).toBe("Gearbox 50%_off");
    const unknown = await table("?sort=password;drop&dir=up");
    expect(unknown.view).toMatchObject({ sort: "srno", dir: "asc" });
    expect(unknown.rows[0].srno).toBe(1);
  });

  it("filters lines at or below minimum, and by status of order", async () => {
    const short = await table("?stock=short");
    expect(short.view.total).toBe(25);
    expect(short.rows.every((row) => row.srno % 10 === 0)).toBe(true);
    expect((await table("?stock=ok")).view.total).toBe(225);
    const toOrder = await table("?status=Order%20to%20place");
    expect(toOrder.view.total).toBe(25);
    expect(toOrder.rows.every((row) => row.srno % 10 === 0 && row.status === "Order to place")).toBe(true);
    expect((await table("?status=Available")).view.total).toBe(225);
    expect((await table("?status=Order%20to%20place&q=motor%2020")).rows.map((row) => row.srno)).toEqual([
      20, 200,
    ]);
    // There are no typed statuses any more: an old link's ?status=other filters nothing.
    expect((await table("?status=other")).view.total).toBe(250);
  });

  it("sorts by status of order from the stock: 'Available' first ascending, 'Order to place' first descending", async () => {
    const up = await table("?sort=status&dir=asc");
    expect(up.rows[0]).toMatchObject({ srno: 1, status: "Available" });
    const down = await table("?sort=status&dir=desc");
    expect(down.rows.slice(0, 25).every((row) => row.status === "Order to place")).toBe(true);
    expect(down.rows[0].srno).toBe(250);
    expect(down.rows[25]).toMatchObject({ srno: 249, status: "Available" });
  });

  it("finds lines by their status words ('order to place'), as the table shows them", async () => {
    const found = await table("?q=order%20to%20place");
    expect(found.view.total).toBe(25);
  });
});

describe("a department table's print view", () => {
  it("prints every page of the filtered list, saying which filters applied and when", async () => {
    const response = await run(
      printLoader,
      buildRequest("/products/Electrician/print?stock=ok&q=motor", { cookie }),
      {
        department: "Electrician",
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      rows: Row[];
      filters: { label: string; value: string }[];
      printedAt: string;
      backHref: string;
    };
    expect(body.rows).toHaveLength(224);
    expect(body.filters).toEqual([
      { label: "Search", value: "'motor'" },
      { label: "Stock", value: "Above minimum" },
    ]);
    expect(body.printedAt).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    expect(body.backHref).toBe("/products?stock=ok&q=motor");
  });

  it("answers 404 for an unknown department", async () => {
    const response = await run(printLoader, buildRequest("/products/Nobody/print", { cookie }), {
      department: "Nobody",
    });
    expect(response.status).toBe(404);
  });
});
