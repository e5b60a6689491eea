import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deniedMessage } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { action as apiMove, loader as apiMovements } from "#app/ledger/routes/api-movements.ts";
import { action as apiReverse, loader as apiReverseGet } from "#app/ledger/routes/api-reverse.ts";
import { addDays } from "#app/lib/dates.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { messages } from "#app/stock/rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The ledger's /api routes (issue 17) called as a client would, against the real PostgreSQL:
// GET/POST /api/stock/{type}/{id}/movements and POST /api/stock/movements/{id}/reverse. The rules
// behind them (below zero on any later date, counts, races) are in ledger.test.ts.

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
// Dates in the past of any day these tests run on, so "not after today" never gets in the way.
const D1 = "2026-11-01";
const D5 = "2026-11-05";
const D10 = "2026-11-10";

await signedInUser(); // the first account of the file's database is the admin
async function userWithRole(role: Role) {
  const user = await signedInUser();
  await db.update(users).set({ role }).where(eq(users.email, user.email));
  return { ...user, token: await apiToken(user) };
}
let staff: Awaited<ReturnType<typeof userWithRole>>;
let viewer: Awaited<ReturnType<typeof userWithRole>>;
let guard: Awaited<ReturnType<typeof userWithRole>>;
beforeAll(async () => {
  staff = await userWithRole("staff");
  viewer = await userWithRole("viewer");
  guard = await userWithRole("guard");
});

async function newRackItem(): Promise<StockItemRef> {
  const [row] = await db
    .insert(rackItems)
    .values({
      rackNumber: 9,
      section: "C",
      materialName: "Valve spindle",
      availableStock: 0,
      closingStock: 0,
    })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id };
}

async function newSparesLine(): Promise<StockItemRef> {
  const [row] = await db
    .insert(inventoryItems)
    .values({
      department: "Electrician",
      srno: 500_000_000 + Math.floor(Math.random() * 100_000_000),
      assets: "MCC panel",
      componentsAndEquipments: "Contactor coil",
      availableStock: 0,
      minStock: 1,
      leadTimeDays: 7,
    })
    .returning({ id: inventoryItems.id });
  return { type: "spare", id: row.id };
}

const path = (item: StockItemRef) => `/api/stock/${item.type}/${item.id}/movements`;
const params = (item: StockItemRef) => ({ type: item.type, id: item.id });

function post(item: StockItemRef, json: unknown, token = staff.token) {
  return run(apiMove, buildRequest(path(item), { json, token }), params(item));
}

async function recorded(item: StockItemRef, json: Record<string, unknown>) {
  const response = await post(item, json);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()) as { id: string; kind: string; quantity: number };
}

type CardBody = {
  item: { type: string; id: string; name: string; inStock: number };
  from: string | null;
  to: string | null;
  opening: number;
  closing: number;
  rows: {
    kind: string;
    movedOn: string;
    quantity: number;
    balance: number;
    reference: string | null;
    party: string | null;
    reversedBy: { id: string } | null;
  }[];
};

async function card(item: StockItemRef, search = "", token = staff.token) {
  const response = await run(apiMovements, buildRequest(`${path(item)}${search}`, { token }), params(item));
  expect(response.status).toBe(200);
  return (await response.json()) as CardBody;
}

function reverse(movementId: string, json?: unknown, token = staff.token) {
  return run(
    apiReverse,
    buildRequest(`/api/stock/movements/${movementId}/reverse`, { method: "POST", json, token }),
    {
      movementId,
    },
  );
}

describe("GET and POST /api/stock/{type}/{id}/movements", () => {
  for (const make of [newRackItem, newSparesLine]) {
    it(`records a receipt, an issue and a count, and lists them with the running balance (${make === newRackItem ? "rack item" : "spares line"})`, async () => {
      const item = await make();
      const receipt = await recorded(item, {
        kind: "receipt",
        movedOn: D1,
        quantity: 10,
        reference: "GRN 12",
      });
      expect(receipt).toMatchObject({
        kind: "receipt",
        quantity: 10,
        item: { type: item.type, id: item.id },
      });
      await recorded(item, {
        kind: "issue",
        movedOn: D5,
        quantity: "3",
        reference: "SL-7",
        party: "Fitter Ravi",
      });
      // A count gives the counted figure; the movement is the difference from the stock that day.
      const count = await recorded(item, { kind: "count", movedOn: D10, quantity: 8 });
      expect(count).toMatchObject({ kind: "count", quantity: 1, counted: 8 });

      const all = await card(item);
      expect(all.item).toMatchObject({ type: item.type, id: item.id, inStock: 8 });
      expect(all.rows.map((row) => [row.movedOn, row.kind, row.quantity, row.balance])).toEqual([
        [D1, "receipt", 10, 10],
        [D5, "issue", -3, 7],
        [D10, "count", 1, 8],
      ]);
      expect(all.rows[1]).toMatchObject({ reference: "SL-7", party: "Fitter Ravi" });
      expect([all.opening, all.closing]).toEqual([0, 8]);

      // A range starts from the stock before it.
      const range = await card(item, `?from=${D5}&to=${addDays(D10, -1)}`);
      expect(range).toMatchObject({ from: D5, to: addDays(D10, -1), opening: 10, closing: 7 });
      expect(range.rows.map((row) => [row.kind, row.balance])).toEqual([["issue", 7]]);
    });
  }

  it("dates a movement sent without a date the plant's today", async () => {
    const item = await newRackItem();
    const receipt = await recorded(item, { kind: "receipt", quantity: 2 });
    expect(receipt).toMatchObject({ movedOn: plantToday(), quantity: 2 });
  });

  it("answers 400 with each field's message for a quantity of 0, a negative one, a future date or an unknown kind", async () => {
    const item = await newRackItem();
    await recorded(item, { kind: "receipt", movedOn: D1, quantity: 5 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "issue", movedOn: D5, quantity: 0 }, "quantity", "Quantity issued must be more than zero."],
      [{ kind: "receipt", movedOn: D5, quantity: -2 }, "quantity", "Quantity received cannot be below zero."],
      [{ kind: "issue", movedOn: D5, quantity: "lots" }, "quantity", "Quantity issued must be a number."],
      [{ kind: "issue", movedOn: addDays(plantToday(), 1), quantity: 1 }, "movedOn", messages.futureDate],
      [{ kind: "issue", movedOn: "2026-02-30", quantity: 1 }, "movedOn", messages.badDate],
      [{ kind: "transfer", movedOn: D5, quantity: 1 }, "kind", "Kind must be one of receipt, issue, count."],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(item, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    expect((await card(item)).rows).toHaveLength(1);
  });

  it("refuses an issue the stock cannot bear with the day's stock (400, as the API's other refusals), writing nothing", async () => {
    const item = await newSparesLine();
    await recorded(item, { kind: "receipt", movedOn: D1, quantity: 3 });
    const response = await post(item, { kind: "issue", movedOn: D5, quantity: 4 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Only 3 in stock on 05/11/2026.",
      errors: { quantity: ["Only 3 in stock on 05/11/2026."] },
    });
    // An issue on an earlier day that a later issue would leave below zero is refused too.
    await recorded(item, { kind: "issue", movedOn: D10, quantity: 3 });
    const earlier = await post(item, { kind: "issue", movedOn: D5, quantity: 1 });
    expect(earlier.status).toBe(400);
    expect(((await earlier.json()) as { message: string }).message).toBe("Only 0 in stock on 10/11/2026.");
    expect((await card(item)).item.inStock).toBe(0);
  });

  it("answers 404 for an item that does not exist or an address that cannot name one", async () => {
    for (const [type, id] of [
      ["rack", UNKNOWN_ID],
      ["spare", UNKNOWN_ID],
      ["rack", "not-an-id"],
      ["pallet", UNKNOWN_ID],
    ]) {
      const get = await run(
        apiMovements,
        buildRequest(`/api/stock/${type}/${id}/movements`, { token: staff.token }),
        {
          type,
          id,
        },
      );
      expect(get.status, `${type}/${id}`).toBe(404);
      expect(await get.json()).toEqual({ message: "Stock item not found" });
      const posted = await run(
        apiMove,
        buildRequest(`/api/stock/${type}/${id}/movements`, {
          json: { kind: "receipt", quantity: 1 },
          token: staff.token,
        }),
        { type, id },
      );
      expect(posted.status).toBe(404);
    }
  });

  it("lets a viewer read but not record (403), keeps a guard out of both, and asks a stranger to sign in", async () => {
    const item = await newRackItem();
    expect((await card(item, "", viewer.token)).rows).toEqual([]);
    const byViewer = await post(item, { kind: "receipt", quantity: 1 }, viewer.token);
    expect(byViewer.status).toBe(403);
    expect(await byViewer.json()).toEqual({ message: deniedMessage("viewer", "write") });
    const byGuard = await run(apiMovements, buildRequest(path(item), { token: guard.token }), params(item));
    expect(byGuard.status).toBe(403);
    // A guard learns nothing from an address that names no item: 403 before 404.
    const unknown = await run(
      apiMovements,
      buildRequest(`/api/stock/rack/${UNKNOWN_ID}/movements`, { token: guard.token }),
      {
        type: "rack",
        id: UNKNOWN_ID,
      },
    );
    expect(unknown.status).toBe(403);
    const anonymous = await run(apiMovements, buildRequest(path(item)), params(item));
    expect(anonymous.status).toBe(401);
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, item.id))).toBe(0);
  });

  it("answers 415 for a body that is not JSON and 405 for another method", async () => {
    const item = await newRackItem();
    const form = await run(
      apiMove,
      buildRequest(path(item), { form: { kind: "receipt", quantity: "1" }, token: staff.token }),
      params(item),
    );
    expect(form.status).toBe(415);
    const put = await run(
      apiMove,
      buildRequest(path(item), { method: "PUT", json: { kind: "receipt" }, token: staff.token }),
      params(item),
    );
    expect(put.status).toBe(405);
  });
});

describe("POST /api/stock/movements/{id}/reverse", () => {
  it("reverses a movement once: 201 the reversal, then 409 for a second time and for the reversal itself", async () => {
    const item = await newRackItem();
    await recorded(item, { kind: "receipt", movedOn: D1, quantity: 10 });
    const issue = await recorded(item, { kind: "issue", movedOn: D5, quantity: 4, reference: "SL-9" });
    const first = await reverse(issue.id, { remark: "Wrong rack" });
    expect(first.status).toBe(201);
    const reversal = (await first.json()) as { id: string };
    expect(reversal).toMatchObject({
      kind: "reversal",
      quantity: 4,
      movedOn: D5,
      reversesId: issue.id,
      reference: "SL-9",
      remark: "Wrong rack",
    });
    const after = await card(item);
    expect(after.rows.map((row) => [row.kind, row.balance])).toEqual([
      ["receipt", 10],
      ["issue", 6],
      ["reversal", 10],
    ]);
    expect(after.rows[1].reversedBy?.id).toBe(reversal.id);
    expect(after.item.inStock).toBe(10);

    const again = await reverse(issue.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: messages.alreadyReversed });
    const ofReversal = await reverse(reversal.id);
    expect(ofReversal.status).toBe(409);
    expect(await ofReversal.json()).toEqual({ message: messages.reversalNotReversible });
    expect((await card(item)).rows).toHaveLength(3);
  });

  it("refuses (409) to reverse a receipt already issued, and answers 404 for an unknown movement", async () => {
    const item = await newSparesLine();
    const receipt = await recorded(item, { kind: "receipt", movedOn: D1, quantity: 5 });
    await recorded(item, { kind: "issue", movedOn: D5, quantity: 4 });
    const refused = await reverse(receipt.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Only 1 in stock on 05/11/2026." });
    for (const id of [UNKNOWN_ID, "nope"]) {
      const missing = await reverse(id);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "Movement not found" });
    }
  });

  it("takes no body at all, refuses a remark that is too long (400), and keeps a viewer out (403)", async () => {
    const item = await newRackItem();
    const receipt = await recorded(item, { kind: "receipt", movedOn: D1, quantity: 1 });
    const tooLong = await reverse(receipt.id, { remark: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      errors: { remark: ["Remark is too long (at most 500 characters)."] },
    });
    const byViewer = await reverse(receipt.id, undefined, viewer.token);
    expect(byViewer.status).toBe(403);
    const bare = await reverse(receipt.id);
    expect(bare.status).toBe(201);
    expect(await bare.json()).toMatchObject({ kind: "reversal", quantity: -1, remark: null });
    const get = await run(
      apiReverseGet,
      buildRequest(`/api/stock/movements/${receipt.id}/reverse`, { token: staff.token }),
      {
        movementId: receipt.id,
      },
    );
    expect(get.status).toBe(405);
  });
});
