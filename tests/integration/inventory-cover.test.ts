import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { recordMovement, reverseMovement } from "#app/ledger/movements.server.ts";
import { addDays, formatDateGB } from "#app/lib/dates.ts";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { createLine } from "#app/spares/queries.server.ts";
import { loader as tableLoader } from "#app/spares/routes/list.tsx";
import { loader as printLoader } from "#app/spares/routes/print.tsx";
import { loader as updateLoader } from "#app/spares/routes/update.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// Days of cover and the order-by date on the spares lines (issue 17): the issues of the last 90
// days read from the ledger for a page's lines in one query, shown by the table, its print view and
// the line's page.

let cookie: string;
let userId: string;
const today = plantToday();
const lines: Record<string, string> = {};

async function line(srno: number, stock: number, leadTime: number) {
  const result = await createLine(
    db,
    "FireFight",
    {
      srno,
      Assets: "Fire water pump 1",
      ComponentsAndEquipments: `Spare ${srno}`,
      AvailableStock: stock,
      MinStock: 1,
      LeadTime: leadTime,
    },
    userId,
  );
  if (!result.ok) throw new Error(result.reason);
  return result.line._id;
}

async function issue(id: string, daysAgo: number, quantity: number) {
  const outcome = await recordMovement(
    db,
    { type: "spare", id },
    { kind: "issue", movedOn: addDays(today, -daysAgo), quantity },
    userId,
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.movement;
}

beforeAll(async () => {
  const user = await signedInUser();
  cookie = user.cookie;
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  userId = me.id;
  // The opening is dated today, so the history is entered as receipts long ago instead.
  lines.busy = await line(1, 0, 7);
  const receipt = await recordMovement(
    db,
    { type: "spare", id: lines.busy },
    { kind: "receipt", movedOn: addDays(today, -200), quantity: 200 },
    userId,
  );
  if (!receipt.ok) throw new Error(receipt.message);
  await issue(lines.busy, 90, 30); // the day before the window: not counted
  await issue(lines.busy, 89, 45); // the window's first day
  await issue(lines.busy, 10, 45);
  const wrong = await issue(lines.busy, 5, 20); // reversed: not counted
  expect((await reverseMovement(db, wrong.id, userId)).ok).toBe(true);
  // 200 − 30 − 45 − 45 = 80 in stock; 90 issued in 90 days = 1 a day: 80 days of cover.

  lines.idle = await line(2, 12, 7);
  lines.short = await line(3, 0, 3);
  const shortReceipt = await recordMovement(
    db,
    { type: "spare", id: lines.short },
    { kind: "receipt", movedOn: addDays(today, -30), quantity: 10 },
    userId,
  );
  if (!shortReceipt.ok) throw new Error(shortReceipt.message);
  await issue(lines.short, 20, 9); // 1 in stock, 0.1 a day: 10 days, less lead 3 → 7 days from now
});

describe("issues in the cover window", () => {
  it("sums the last 90 days' issues per line, without reversed issues or older ones", async () => {
    const issued = await issuedInCoverWindow(db, { ids: Object.values(lines) }, today);
    expect(Object.fromEntries(issued)).toEqual({ [lines.busy]: 90, [lines.short]: 9 });
    const department = await issuedInCoverWindow(db, { department: "FireFight" }, today);
    expect(Object.fromEntries(department)).toEqual(Object.fromEntries(issued));
    expect((await issuedInCoverWindow(db, { ids: [] }, today)).size).toBe(0);
  });
});

describe("the pages", () => {
  it("give the table's rows what they issued, for the days of cover of each", async () => {
    const response = await run(tableLoader, buildRequest("/firefight", { cookie }));
    const body = (await response.json()) as {
      today: string;
      rows: { id: string; issued: number; availableStock: number }[];
    };
    expect(body.today).toBe(today);
    expect(body.rows.map((row) => [row.id, row.availableStock, row.issued])).toEqual([
      [lines.busy, 80, 90],
      [lines.idle, 12, 0],
      [lines.short, 1, 9],
    ]);
  });

  it("print each line's days of cover and order-by date, 'Order now' and '—' included", async () => {
    const response = await run(printLoader, buildRequest("/products/FireFight/print", { cookie }), {
      department: "FireFight",
    });
    const body = (await response.json()) as {
      rows: { srno: number; cover: { days: string; orderBy: string } }[];
    };
    expect(body.rows.map((row) => [row.srno, row.cover])).toEqual([
      [1, { days: "80", orderBy: formatDateGB(addDays(today, 73)) }],
      [2, { days: "—", orderBy: "—" }],
      [3, { days: "10", orderBy: formatDateGB(addDays(today, 7)) }],
    ]);
  });

  it("show the line's days of cover on its page, and 'Order now' once the date has come", async () => {
    await issue(lines.short, 0, 1); // nothing left: order now
    const response = await run(
      updateLoader,
      buildRequest(`/updateproduct/FireFight/${lines.short}`, { cookie }),
      {
        department: "FireFight",
        id: lines.short,
      },
    );
    expect(await response.json()).toMatchObject({ stock: 0, cover: { days: "0", orderBy: "Order now" } });
  });
});
