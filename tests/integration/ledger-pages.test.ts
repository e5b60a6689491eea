import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday as plantTodayForTest } from "#app/db/records.server.ts";
import type { StockCardCharts } from "#app/ledger/card-chart.server.ts";
import { recordMovement, reverseMovement } from "#app/ledger/movements.server.ts";
import { loader as cardLoader } from "#app/ledger/routes/card.tsx";
import { loader as printLoader } from "#app/ledger/routes/card-print.tsx";
import { action as movementAction, loader as movementLoader } from "#app/ledger/routes/movement.tsx";
import { action as reverseAction, loader as reverseLoader } from "#app/ledger/routes/reverse.tsx";
import { addDays } from "#app/lib/dates.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { messages } from "#app/stock/rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { layerNamed, quantityAt, vertices } from "#tests/support/charts.ts";
import { buildRequest, run, toastOf } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// The ledger's pages (issue 17) as the browser calls them, with or without JavaScript (the dialog
// posts to the same action as the page's form): the Issue / Receive / Count forms, the reversal,
// the stock card (paged, newest page first) and its print view (the whole range).

const D1 = "2026-11-01";
const D5 = "2026-11-05";

await signedInUser(); // the first account of the file's database is the admin
async function userWithRole(role: Role) {
  const user = await signedInUser();
  const [row] = await db.update(users).set({ role }).where(eq(users.email, user.email)).returning();
  return { ...user, id: row.id };
}
let staff: Awaited<ReturnType<typeof userWithRole>>;
let viewer: Awaited<ReturnType<typeof userWithRole>>;
let guard: Awaited<ReturnType<typeof userWithRole>>;
beforeAll(async () => {
  staff = await userWithRole("staff");
  viewer = await userWithRole("viewer");
  guard = await userWithRole("guard");
});

async function newRackItem(name = "Gland packing"): Promise<StockItemRef> {
  const [row] = await db
    .insert(rackItems)
    .values({ rackNumber: 11, section: "D", materialName: name, availableStock: 0, closingStock: 0 })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id };
}

async function newSparesLine(): Promise<StockItemRef> {
  const [row] = await db
    .insert(inventoryItems)
    .values({
      department: "FireFight",
      srno: 600_000_000 + Math.floor(Math.random() * 100_000_000),
      assets: "Hydrant",
      componentsAndEquipments: "Landing valve",
      availableStock: 0,
      minStock: 1,
      leadTimeDays: 7,
    })
    .returning({ id: inventoryItems.id });
  return { type: "spare", id: row.id };
}

async function receive(item: StockItemRef, movedOn: string, quantity: number) {
  const outcome = await recordMovement(db, item, { kind: "receipt", movedOn, quantity }, staff.id);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.movement;
}

const cardPath = (item: StockItemRef) => `/stock/${item.type}/${item.id}`;
const params = (item: StockItemRef) => ({ type: item.type, id: item.id });

type Reply = {
  status: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, string>;
};
type Refusal = { result: Reply; toast: { type: string; message: string } };

function postForm(
  item: StockItemRef,
  form: "issue" | "receive" | "count",
  fields: Record<string, string>,
  user = staff,
) {
  return run(
    movementAction,
    buildRequest(`${cardPath(item)}/${form}`, { form: fields, cookie: user.cookie }),
    params(item),
  );
}

type CardData = {
  card: {
    from: string | null;
    to: string | null;
    opening: number;
    broughtForward: number;
    closing: number;
    paging: { page: number; size: number; total: number } | null;
    rows: {
      id: string;
      movedOn: string;
      kind: string;
      quantity: number;
      balance: number;
      reversedKind: string | null;
      reversedBy: { id: string } | null;
    }[];
  };
  problems: string[];
  printHref: string;
  charts: StockCardCharts;
};

async function openCard(item: StockItemRef, search = "", user = staff) {
  const response = await run(
    cardLoader,
    buildRequest(`${cardPath(item)}${search}`, { cookie: user.cookie }),
    params(item),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as CardData;
}

describe("the Issue, Receive and Count forms", () => {
  it("record an issue and go back where the form was opened from, with a toast", async () => {
    const item = await newRackItem();
    await receive(item, D1, 10);
    const response = await postForm(item, "issue", {
      movedOn: D5,
      quantity: "3",
      reference: "SL-7",
      party: "Fitter Ravi",
      remark: "Pump P-2",
      back: "/about?rack=11&q=Gland",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/about?rack=11&q=Gland");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Issue recorded." });
    const [issue] = await db
      .select()
      .from(stockMovements)
      .where(sql`${stockMovements.rackItemId} = ${item.id} and ${stockMovements.kind} = 'issue'`);
    expect(issue).toMatchObject({
      movedOn: D5,
      quantity: -3,
      reference: "SL-7",
      party: "Fitter Ravi",
      remark: "Pump P-2",
      createdBy: staff.id,
    });
  });

  it("draw a spares line's use per month, its minimum stock and its order-by date on the stock card", async () => {
    const item = await newSparesLine();
    const today = plantTodayForTest();
    await receive(item, today, 10);
    const issued = await recordMovement(db, item, { kind: "issue", movedOn: today, quantity: 4 }, staff.id);
    if (!issued.ok) throw new Error(issued.message);
    const { charts } = await openCard(item);
    const balance = charts.balance;
    if (!balance) throw new Error("no balance chart");
    expect(layerNamed(balance.geometry, "Minimum stock", "rule").label?.text).toBe("Minimum 1");
    // 4 issued in 90 days: 6 last 135 days, less 7 days' lead time: order in 128 days, past the
    // 90 days the chart looks ahead, so said in words only.
    expect(balance.description).toContain(`Order by ${addDays(today, 128).split("-").reverse().join("/")}.`);
    expect(charts.use.months.at(-1)?.issued).toBe(4);
    expect(charts.use.months.slice(0, -1).every((month) => month.issued === 0)).toBe(true);
    const bars = layerNamed(charts.use.geometry, "Issued", "bars").bars;
    expect(bars.map((bar) => Math.round(quantityAt(charts.use.geometry, bar.y)))).toEqual([4]);
    expect(charts.use.summary).toMatch(
      /^Average use 0\.333 a month \(4 issued .*\)\. At that rate the stock now lasts \d+ days\.$/,
    );
  });

  it("record a receipt and a count on a spares line, going back to the stock card without a safe way back", async () => {
    const item = await newSparesLine();
    const received = await postForm(item, "receive", {
      movedOn: D1,
      quantity: "4.5",
      back: "//evil.example/x",
    });
    expect(received.status).toBe(302);
    expect(received.headers.get("location")).toBe(cardPath(item));
    expect(await toastOf(received)).toMatchObject({ message: "Receipt recorded." });
    const counted = await postForm(item, "count", { movedOn: D5, quantity: "4" });
    expect(counted.headers.get("location")).toBe(cardPath(item));
    expect(await toastOf(counted)).toMatchObject({ message: "Stock count recorded." });
    const { card } = await openCard(item);
    expect(card.rows.map((row) => [row.kind, row.quantity, row.balance])).toEqual([
      ["receipt", 4.5, 4.5],
      ["count", -0.5, 4],
    ]);
  });

  it.each([
    ["a tab that browsers drop", "/\t/evil.example/"],
    ["an encoded tab", "/%09/evil.example/"],
    ["a line break that would split the Location header", "/about\r\nSet-Cookie: x=1"],
    ["a backslash", "/\\evil.example"],
  ])("never send the browser to another site through back (%s): the stock card instead, recorded once", async (_, back) => {
    const item = await newRackItem();
    const opened = await run(
      movementLoader,
      buildRequest(`${cardPath(item)}/receive?back=${encodeURIComponent(back)}`, { cookie: staff.cookie }),
      params(item),
    );
    expect(await opened.json()).toMatchObject({ back: null });
    const received = await postForm(item, "receive", { movedOn: D1, quantity: "2", back });
    expect(received.status).toBe(302);
    expect(received.headers.get("location")).toBe(cardPath(item));
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, item.id))).toBe(1);
  });

  it("come back filled in with each field's message when the input is bad (400)", async () => {
    const item = await newRackItem();
    await receive(item, D1, 2);
    const fields = { movedOn: D5, quantity: "0", reference: "SL-8", party: "Store" };
    const response = await postForm(item, "issue", fields);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refusal;
    expect(body.result.error?.quantity).toEqual(["Quantity issued must be more than zero."]);
    expect(body.result.initialValue).toMatchObject(fields);
    expect(body.toast).toMatchObject({ type: "error", message: "Not recorded: check the fields below." });
    const future = (await (
      await postForm(item, "receive", { movedOn: addDays(D5, 400), quantity: "1" })
    ).json()) as Refusal;
    expect(future.result.error?.movedOn).toEqual([messages.futureDate]);
    const blank = (await (await postForm(item, "receive", { movedOn: "", quantity: "" })).json()) as Refusal;
    expect(blank.result.error).toMatchObject({
      movedOn: [messages.dateRequired],
      quantity: ["Quantity received is required."],
    });
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, item.id))).toBe(1);
  });

  it("refuse an issue the stock cannot bear with the day's stock, the form filled in as typed", async () => {
    const item = await newRackItem();
    await receive(item, D1, 2);
    const fields = { movedOn: D5, quantity: "3", reference: "SL-9", party: "Fitter Ravi", remark: "Urgent" };
    const response = await postForm(item, "issue", fields);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refusal;
    expect(body.result.error?.quantity).toEqual(["Only 2 in stock on 05/11/2026."]);
    expect(body.result.initialValue).toMatchObject(fields);
    expect(body.toast).toMatchObject({ type: "error", message: "Only 2 in stock on 05/11/2026." });
  });

  it("open with the item's stock and the plant's today; a viewer may not open or post them, a guard not even the card", async () => {
    const item = await newRackItem("Spindle nut");
    await receive(item, D1, 6);
    const opened = await run(
      movementLoader,
      buildRequest(`${cardPath(item)}/count?back=%2Fabout`, { cookie: staff.cookie }),
      params(item),
    );
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({
      form: "count",
      item: { name: "Spindle nut", inStock: 6 },
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      back: "/about",
    });
    const viewerOpens = await run(
      movementLoader,
      buildRequest(`${cardPath(item)}/issue`, { cookie: viewer.cookie }),
      params(item),
    );
    expect(viewerOpens.status).toBe(403);
    const viewerPosts = await postForm(item, "issue", { movedOn: D5, quantity: "1" }, viewer);
    expect(viewerPosts.status).toBe(403);
    expect((await openCard(item, "", viewer)).card.rows).toHaveLength(1);
    const guardOpens = await run(
      cardLoader,
      buildRequest(cardPath(item), { cookie: guard.cookie }),
      params(item),
    );
    expect(guardOpens.status).toBe(403);
    const signedOut = await run(cardLoader, buildRequest(cardPath(item)), params(item));
    expect(signedOut.status).toBe(302);
    const unknown = await run(
      movementLoader,
      buildRequest("/stock/rack/00000000-0000-4000-8000-000000000000/issue", { cookie: staff.cookie }),
      {
        type: "rack",
        id: "00000000-0000-4000-8000-000000000000",
      },
    );
    expect(unknown.status).toBe(404);
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, item.id))).toBe(1);
  });
});

describe("the reversal page", () => {
  it("reverses once, back to the stock card with a toast; a second time and a reversal's reversal are refused (409)", async () => {
    const item = await newRackItem();
    await receive(item, D1, 10);
    const issue = await recordMovement(db, item, { kind: "issue", movedOn: D5, quantity: 4 }, staff.id);
    if (!issue.ok) throw new Error(issue.message);
    const path = `${cardPath(item)}/reverse/${issue.movement.id}`;
    const reverseParams = { ...params(item), movementId: issue.movement.id };
    const opened = await run(reverseLoader, buildRequest(path, { cookie: staff.cookie }), reverseParams);
    expect(await opened.json()).toMatchObject({
      movement: { id: issue.movement.id, kind: "issue", quantity: -4 },
    });

    const done = await run(
      reverseAction,
      buildRequest(path, { form: { remark: "Wrong item" }, cookie: staff.cookie }),
      reverseParams,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(cardPath(item));
    expect(await toastOf(done)).toMatchObject({ type: "success", message: messages.reversed });
    const { card } = await openCard(item);
    expect(card.rows.map((row) => [row.kind, row.balance, row.reversedKind])).toEqual([
      ["receipt", 10, null],
      ["issue", 6, null],
      ["reversal", 10, "issue"],
    ]);
    expect(card.rows[1].reversedBy?.id).toBe(card.rows[2].id);

    const again = await run(
      reverseAction,
      buildRequest(path, { form: {}, cookie: staff.cookie }),
      reverseParams,
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as Refusal).result.error?.[""]).toEqual([messages.alreadyReversed]);
    const reversalId = card.rows[2].id;
    const ofReversal = await run(
      reverseAction,
      buildRequest(`${cardPath(item)}/reverse/${reversalId}`, { form: {}, cookie: staff.cookie }),
      { ...params(item), movementId: reversalId },
    );
    expect(ofReversal.status).toBe(409);
    expect(((await ofReversal.json()) as Refusal).toast.message).toBe(messages.reversalNotReversible);
  });

  it("does not find another item's movement under this item's address (404)", async () => {
    const item = await newRackItem();
    const other = await newRackItem();
    const receipt = await receive(other, D1, 1);
    const response = await run(
      reverseLoader,
      buildRequest(`${cardPath(item)}/reverse/${receipt.id}`, { cookie: staff.cookie }),
      { ...params(item), movementId: receipt.id },
    );
    expect(response.status).toBe(404);
    const posted = await run(
      reverseAction,
      buildRequest(`${cardPath(item)}/reverse/${receipt.id}`, { form: {}, cookie: staff.cookie }),
      { ...params(item), movementId: receipt.id },
    );
    expect(posted.status).toBe(404);
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, other.id))).toBe(1);
  });
});

describe("the stock card, paged on the server", () => {
  // 120 receipts of 1, one a day from 01-07-2026 (the balance after the n-th is n), and the 50th
  // reversed: its reversal (same date) is the 51st row, so the two sit on either side of a
  // 50-row page break.
  const FIRST_DAY = "2026-07-01";
  let item: StockItemRef;
  let reversedId: string;
  beforeAll(async () => {
    item = await newRackItem("Paged item");
    await db.insert(stockMovements).values(
      Array.from({ length: 120 }, (_, index) => ({
        rackItemId: item.id,
        movedOn: addDays(FIRST_DAY, index),
        kind: "receipt" as const,
        quantity: 1,
        createdBy: staff.id,
      })),
    );
    // Written straight in, so the cached balance is set to the movements' sum as the ledger keeps it.
    await db.update(rackItems).set({ closingStock: 120 }).where(eq(rackItems.id, item.id));
    const [fiftieth] = await db
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(
        sql`${stockMovements.rackItemId} = ${item.id} and ${stockMovements.movedOn} = ${addDays(FIRST_DAY, 49)}`,
      );
    reversedId = fiftieth.id;
    const reversed = await reverseMovement(db, reversedId, staff.id, "Counted twice");
    if (!reversed.ok) throw new Error(reversed.message);
  });

  it("opens on the last page (the newest movements), its balance carried from the pages before", async () => {
    const { card } = await openCard(item);
    expect(card.paging).toEqual({ page: 3, size: 50, total: 121 });
    expect(card.rows).toHaveLength(21);
    // Rows 101–121: after row 100 (the 101st receipt less the reversed one) the balance is 98.
    expect(card.broughtForward).toBe(98);
    expect(card.rows[0].balance).toBe(99);
    expect(card.rows.at(-1)?.balance).toBe(119);
    expect(card.closing).toBe(119);
  });

  it("shows any page of 25, 50, 100 or 200 rows; a page past the end is the last, an unknown size the one shown before", async () => {
    const first = (await openCard(item, "?page=1&size=50")).card;
    expect(first.paging).toEqual({ page: 1, size: 50, total: 121 });
    expect(first.broughtForward).toBe(0);
    expect(first.rows.map((row) => row.balance).slice(0, 3)).toEqual([1, 2, 3]);
    // The 50th receipt ends page 1, struck through; its reversal opens page 2 and names it.
    expect(first.rows[49]).toMatchObject({ id: reversedId, balance: 50, reversedBy: expect.any(Object) });
    const second = (await openCard(item, "?page=2&size=50")).card;
    expect(second.broughtForward).toBe(50);
    expect(second.rows[0]).toMatchObject({
      kind: "reversal",
      quantity: -1,
      balance: 49,
      reversedKind: "receipt",
    });
    expect(second.rows[1].balance).toBe(50);
    const past = (await openCard(item, "?page=99&size=50")).card;
    expect(past.paging).toEqual({ page: 3, size: 50, total: 121 });
    expect(past.rows[0].balance).toBe(99);
    const wide = (await openCard(item, "?size=100")).card;
    expect(wide.paging).toEqual({ page: 2, size: 100, total: 121 });
    // An unknown size is the one the person chose last (100, just above), on the last page.
    const odd = (await openCard(item, "?page=abc&size=7")).card;
    expect(odd.paging).toEqual({ page: 2, size: 100, total: 121 });
    await openCard(item, "?size=50");
  });

  it("pages within a date range, starting from the stock before it", async () => {
    const from = addDays(FIRST_DAY, 10);
    const to = addDays(FIRST_DAY, 79);
    const { card, printHref } = await openCard(item, `?from=${from}&to=${to}&size=50&page=2`);
    expect(card).toMatchObject({ from, to, opening: 10, paging: { page: 2, size: 50, total: 71 } });
    // Page 1 holds receipts 11–59 and the reversal; page 2 starts with receipt 60 (balance 59).
    expect(card.broughtForward).toBe(58);
    expect(card.rows[0].balance).toBe(59);
    expect(card.closing).toBe(79);
    expect(printHref).toBe(`${cardPath(item)}/print?from=${from}&to=${to}`);
  });

  it("draws the balance over the whole range, not only the page, through the card's own balances", async () => {
    const from = addDays(FIRST_DAY, 10);
    const to = addDays(FIRST_DAY, 79);
    const { charts } = await openCard(item, `?from=${from}&to=${to}&size=50&page=2`);
    const whole = await run(
      printLoader,
      buildRequest(`${cardPath(item)}/print?from=${from}&to=${to}`, { cookie: staff.cookie }),
      params(item),
    );
    const { card } = (await whole.json()) as CardData;
    const chart = charts.balance;
    if (!chart) throw new Error("no balance chart");
    // The line starts at the stock before the range, then holds each day's last balance.
    const perDay = [card.opening, ...new Map(card.rows.map((row) => [row.movedOn, row.balance])).values()];
    expect(perDay.length).toBe(card.rows.length); // the reversal's day has two rows, one balance
    const drawn = vertices(layerNamed(chart.geometry, "Balance", "line").d).map((point) =>
      Math.round(quantityAt(chart.geometry, point.y)),
    );
    const steps = drawn.filter((value, index) => index === 0 || drawn[index - 1] !== value);
    expect(steps).toEqual(perDay.filter((value, index) => index === 0 || perDay[index - 1] !== value));
    // 70 days of receipts, less the one whose receipt was reversed (net nothing received that day).
    expect(layerNamed(chart.geometry, "Receipts", "marks").points).toHaveLength(69);
    expect(chart.description).toContain(`to 79 on ${to.split("-").reverse().join("/")}`);
    // A rack item has no minimum stock or order-by date to draw.
    expect(chart.geometry.layers.map((layer) => layer.name)).toEqual(["Balance", "Receipts"]);
  });

  it("says which dates it could not read and shows all dates, never an error", async () => {
    const { card, problems } = await openCard(item, "?from=2026-13-45&to=yesterday");
    expect(problems).toEqual([
      "From '2026-13-45' is not a date (write it YYYY-MM-DD).",
      "To 'yesterday' is not a date (write it YYYY-MM-DD).",
    ]);
    expect(card).toMatchObject({ from: null, to: null, paging: { total: 121 } });
    const backwards = await openCard(item, `?from=${addDays(FIRST_DAY, 5)}&to=${FIRST_DAY}`);
    expect(backwards.problems).toEqual([]);
    expect(backwards.card).toMatchObject({ from: FIRST_DAY, to: addDays(FIRST_DAY, 5), closing: 6 });
  });

  it("prints the whole range, every page of it", async () => {
    const response = await run(
      printLoader,
      buildRequest(`${cardPath(item)}/print`, { cookie: staff.cookie }),
      params(item),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as CardData & { item: { name: string; place: unknown } };
    expect(body.item).toMatchObject({ name: "Paged item", place: { rack: 11, section: "D" } });
    expect(body.card.rows).toHaveLength(121);
    expect(body.card.paging).toBeNull();
    expect(body.card.rows.at(-1)?.balance).toBe(119);
    const ranged = await run(
      printLoader,
      buildRequest(`${cardPath(item)}/print?from=${addDays(FIRST_DAY, 100)}`, { cookie: staff.cookie }),
      params(item),
    );
    const rangedCard = ((await ranged.json()) as CardData).card;
    expect(rangedCard.opening).toBe(99);
    expect(rangedCard.rows.map((row) => row.balance)).toEqual(
      Array.from({ length: 20 }, (_, index) => 100 + index),
    );
  });
});
