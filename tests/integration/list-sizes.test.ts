import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findSessionUser } from "#app/auth/queries.server.ts";
import { users } from "#app/auth/table.server.ts";
import { loader as contractsLoader } from "#app/contracts/routes/list.tsx";
import { db } from "#app/db/client.server.ts";
import { loader as recordsLoader } from "#app/sop/routes/records.tsx";
import { loader as tableLoader } from "#app/spares/routes/list.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Rows per page (issue 33): 50 by default on every paged list; the size a person asks a list for
// is remembered for that person and that list (on the user, not in a cookie: terminals are shared)
// until they ask for another; a link's ?size= wins; a size not on offer changes nothing.

type Body = { rows: { srno?: number }[]; view: { size: number; page: number; total: number } };

let first: { email: string; cookie: string };
let second: { email: string; cookie: string };
beforeAll(async () => {
  first = await signedInUser();
  second = await signedInUser();
  await db.execute(sql`
    insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
      min_stock, lead_time_days)
    select d, n, 'Motor ' || n, 'Bearing', 9, 2, 3
    from generate_series(1, 250) as n, unnest(array['Electrician', 'Technician']) as d`);
});

async function table(cookie: string, department: string, search = "") {
  const response = await run(tableLoader, buildRequest(`/products/${department}${search}`, { cookie }), {
    department,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}
async function contracts(cookie: string, search = "") {
  const response = await run(contractsLoader, buildRequest(`/amc${search}`, { cookie }));
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
}
const remembered = async (email: string) =>
  (await db.select({ listSizes: users.listSizes }).from(users).where(eq(users.email, email)))[0].listSizes;

describe("rows per page, remembered per person and per list", () => {
  it("opens every list at 50 rows", async () => {
    const body = await table(first.cookie, "Electrician");
    expect(body.view).toMatchObject({ size: 50, page: 1, total: 250 });
    expect(body.rows).toHaveLength(50);
    expect((await contracts(first.cookie)).view.size).toBe(50);
  });

  it("remembers the size a person chose on a list, for that list and that person only", async () => {
    expect((await table(first.cookie, "Electrician", "?size=100")).rows).toHaveLength(100);
    // Coming back without ?size=: their 100, on any page.
    const back = await table(first.cookie, "Electrician");
    expect(back.view.size).toBe(100);
    expect(back.rows).toHaveLength(100);
    expect((await table(first.cookie, "Electrician", "?page=3")).rows.map((row) => row.srno)).toEqual(
      Array.from({ length: 50 }, (_, i) => 201 + i),
    );
    // Another list, and another person on the same list, still open at 50.
    expect((await table(first.cookie, "Technician")).view.size).toBe(50);
    expect((await contracts(first.cookie)).view.size).toBe(50);
    expect((await table(second.cookie, "Electrician")).view.size).toBe(50);
    expect(await remembered(first.email)).toEqual({ "products/Electrician": 100 });
    expect(await remembered(second.email)).toEqual({});
  });

  it("lets a link's ?size= win, and keeps what was asked last", async () => {
    expect((await table(first.cookie, "Electrician", "?size=25")).rows).toHaveLength(25);
    expect((await table(first.cookie, "Electrician")).view.size).toBe(25);
    expect((await table(first.cookie, "Electrician", "?size=50")).view.size).toBe(50);
    expect((await table(first.cookie, "Electrician")).view.size).toBe(50);
    expect((await table(first.cookie, "Electrician", "?size=200")).rows).toHaveLength(200);
    expect((await table(first.cookie, "Electrician")).view.size).toBe(200);
  });

  it("reads a size not on offer as no size: the remembered one shows and stays", async () => {
    await table(second.cookie, "Technician", "?size=100");
    for (const bad of ["37", "0", "-50", "abc", "1e2", "100000000000", "", "100.0", "%00"]) {
      const body = await table(second.cookie, "Technician", `?size=${bad}`);
      expect(body.view.size, `?size=${bad}`).toBe(100);
      expect(body.rows).toHaveLength(100);
    }
    expect((await remembered(second.email))["products/Technician"]).toBe(100);
    // And with nothing remembered, the default.
    expect((await contracts(second.cookie, "?size=9999")).view.size).toBe(50);
  });

  it("keeps each SOP format's records a list of its own", async () => {
    const records = async (format: string, search = "") => {
      const response = await run(
        recordsLoader,
        buildRequest(`/${format}/records${search}`, { cookie: second.cookie }),
        { format },
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as Body).view.size;
    };
    expect(await records("as12", "?size=200")).toBe(200);
    expect(await records("as12")).toBe(200);
    expect(await records("as14")).toBe(50);
  });

  it("comes with the session, so a list spends no query of its own on it", async () => {
    const [session] = await db.execute<{ id: string }>(
      sql`select s.id from sessions s join users u on u.id = s.user_id where u.email = ${first.email} order by s.created_at desc limit 1`,
    );
    const user = await findSessionUser(db, session.id);
    expect(user?.listSizes).toEqual({ "products/Electrician": 200 });
  });
});
