import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { action as apiCreate, loader as apiCreateGet } from "#app/spares/routes/api-create.ts";
import { action as apiDelete } from "#app/spares/routes/api-delete.ts";
import { loader as apiItem } from "#app/spares/routes/api-item.ts";
import { loader as apiList } from "#app/spares/routes/api-list.ts";
import { action as apiUpdate } from "#app/spares/routes/api-update.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The /api/{department} rows of the legacy API contract, called as a client would: Bearer token or cookie.

let token: string;
let cookie: string;
beforeAll(async () => {
  const user = await signedInUser();
  cookie = user.cookie;
  token = await apiToken(user);
});

const REQUIRED = "Please fill all required fields.";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
let nextSrno = 100;

/** The eight inventory fields of a POST, with overrides. */
function buildLine(overrides: Record<string, unknown> = {}) {
  return {
    srno: nextSrno++,
    Assets: "Main LT panel",
    ComponentsAndEquipments: "MCB 32A",
    AvailableStock: 10,
    MinStock: 4,
    LeadTime: 7,
    ExcessShortFall: 6,
    StatusofOrder: "Available",
    ...overrides,
  };
}

type Item = Record<string, unknown> & { _id: string; version: number; srno: number };

async function create(department: string, line: Record<string, unknown> = buildLine()) {
  const response = await run(apiCreate, buildRequest(`/api/${department}/create`, { json: line, token }), {
    department,
  });
  return { response, body: (await response.json()) as { product: Item } & Record<string, unknown> };
}

const list = (department: string, auth: { token?: string; cookie?: string } = { token }) =>
  run(apiList, buildRequest(`/api/${department}/product`, auth), { department });

describe("authentication", () => {
  it("answers 401 'Authentication required' on every inventory endpoint without sign-in", async () => {
    const params = { department: "Electrician", id: UNKNOWN_ID };
    const calls = [
      run(apiList, buildRequest("/api/Electrician/product"), params),
      run(apiItem, buildRequest(`/api/Electrician/product/${UNKNOWN_ID}`), params),
      run(apiCreate, buildRequest("/api/Electrician/create", { json: buildLine() }), params),
      run(
        apiUpdate,
        buildRequest(`/api/Electrician/update/${UNKNOWN_ID}`, { method: "PUT", json: {} }),
        params,
      ),
      run(apiDelete, buildRequest(`/api/Electrician/delete/${UNKNOWN_ID}`, { method: "DELETE" }), params),
      run(apiList, buildRequest("/api/Electrician/product", { token: "not-a-token" }), params),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Authentication required" });
    }
  });

  it("takes the session cookie as well as the Bearer token", async () => {
    const response = await list("Technician", { cookie });
    expect(response.status).toBe(200);
  });
});

describe("GET /api/{department}/product", () => {
  it("answers an empty department with 200 and users: []", async () => {
    const response = await list("FireFight");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ success: true, users: [] });
  });

  it("lists only that department's lines, sorted by srno, in the legacy field names", async () => {
    await create("Technician", buildLine({ srno: 30, Assets: "Compressor" }));
    await create("Technician", buildLine({ srno: 2, Assets: "Pump", AvailableStock: 1, MinStock: 1 }));
    await create("Technician", buildLine({ srno: 11, Assets: "Valve" }));
    await create("Electrician", buildLine({ srno: 1, Assets: "Not technician" }));
    const response = await list("Technician");
    const body = (await response.json()) as { success: boolean; users: Item[] };
    expect(body.success).toBe(true);
    expect(body.users.map((line) => line.srno)).toEqual([2, 11, 30]);
    expect(Object.keys(body.users[0]).sort()).toEqual(
      [
        "_id",
        "srno",
        "Assets",
        "ComponentsAndEquipments",
        "AvailableStock",
        "MinStock",
        "LeadTime",
        "ExcessShortFall",
        "StatusofOrder",
        "version",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(body.users[0]).toMatchObject({
      Assets: "Pump",
      AvailableStock: 1,
      MinStock: 1,
      ExcessShortFall: 0,
      version: 1,
    });
    expect(body.users[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes the stored times as Date.toISOString writes them: UTC, microseconds cut to milliseconds", async () => {
    const { body } = await create("Technician", buildLine());
    // PostgreSQL keeps microseconds; the list formats them in SQL (app/db/columns.ts isoTime), the
    // single reads the same way: both must be what a Date made of the stored time would write.
    const stored = "2026-01-02 03:04:05.678912+05:30";
    await db
      .update(inventoryItems)
      .set({ createdAt: sql`${stored}::timestamptz`, updatedAt: sql`${stored}::timestamptz` })
      .where(eq(inventoryItems.id, body.product._id));
    const [asDate] = await db
      .select({ createdAt: inventoryItems.createdAt })
      .from(inventoryItems)
      .where(eq(inventoryItems.id, body.product._id));
    expect(asDate.createdAt.toISOString()).toBe("2026-01-01T21:34:05.678Z");
    const listed = ((await (await list("Technician")).json()) as { users: Item[] }).users.find(
      (line) => line._id === body.product._id,
    );
    expect(listed).toMatchObject({
      createdAt: "2026-01-01T21:34:05.678Z",
      updatedAt: "2026-01-01T21:34:05.678Z",
    });
    const one = await run(apiItem, buildRequest(`/api/Technician/product/${body.product._id}`, { token }), {
      department: "Technician",
      id: body.product._id,
    });
    expect(await one.json()).toMatchObject({ createdAt: "2026-01-01T21:34:05.678Z" });
  });

  it("answers 404 for an unknown department, including the wrong case", async () => {
    for (const department of ["electrician", "FIREFIGHT", "Plumber"]) {
      const response = await list(department);
      expect(response.status).toBe(404);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.success).toBe(false);
      expect(String(body.message)).toContain(`Unknown department '${department}'`);
    }
  });
});

describe("POST /api/{department}/create", () => {
  it("creates a line: 201 with Message and the product, excess/shortfall derived by the server", async () => {
    const { response, body } = await create(
      "Electrician",
      buildLine({
        srno: 7,
        AvailableStock: "12.5",
        MinStock: 2.25,
        ExcessShortFall: 999,
        Assets: "  DG set ",
      }),
    );
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ success: true, Message: "Product created successfully" });
    expect(body.product).toMatchObject({
      srno: 7,
      Assets: "DG set",
      AvailableStock: 12.5,
      MinStock: 2.25,
      ExcessShortFall: 10.25,
      StatusofOrder: "Available",
      version: 1,
    });
    expect(body.product._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("derives the status from the stock, and accepts a status sent but ignores it", async () => {
    const derived = await create(
      "Electrician",
      buildLine({ AvailableStock: 3, MinStock: 3, StatusofOrder: undefined }),
    );
    expect(derived.body.product.StatusofOrder).toBe("Order to place");
    const typed = await create(
      "Electrician",
      buildLine({ AvailableStock: 0, StatusofOrder: "PO 4471 raised" }),
    );
    expect(typed.response.status).toBe(201);
    expect(typed.body.product.StatusofOrder).toBe("Order to place");
    const wrong = await create(
      "Electrician",
      buildLine({ AvailableStock: 9, MinStock: 2, StatusofOrder: "Order to place" }),
    );
    expect(wrong.body.product.StatusofOrder).toBe("Available");
  });

  it("answers 400 with the all-fields message and the problems per field when a field is missing", async () => {
    const { response, body } = await create("FireFight", buildLine({ Assets: "", LeadTime: undefined }));
    expect(response.status).toBe(400);
    expect(body).toEqual({
      success: false,
      Message: REQUIRED,
      message: REQUIRED,
      errors: { Assets: [REQUIRED], LeadTime: [REQUIRED] },
    });
  });

  it("answers 400 naming the problem for a negative or non-numeric number, and never stores it", async () => {
    const negative = await create("FireFight", buildLine({ MinStock: -1 }));
    expect(negative.response.status).toBe(400);
    expect(negative.body).toMatchObject({
      success: false,
      Message: "Min stock cannot be negative.",
      errors: { MinStock: ["Min stock cannot be negative."] },
    });
    const text = await create("FireFight", buildLine({ AvailableStock: "lots" }));
    expect(text.response.status).toBe(400);
    expect(text.body.Message).toBe("Available stock must be a number.");
    expect(
      await db.select().from(inventoryItems).where(eq(inventoryItems.department, "FireFight")),
    ).toHaveLength(0);
  });

  it("answers 400/415 for a body that is not a JSON object, never 500", async () => {
    const array = await run(apiCreate, buildRequest("/api/FireFight/create", { json: [1, 2], token }), {
      department: "FireFight",
    });
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ success: false, Message: REQUIRED });
    const broken = await run(
      apiCreate,
      buildRequest("/api/FireFight/create", {
        body: "{nope",
        headers: { "content-type": "application/json" },
        token,
      }),
      { department: "FireFight" },
    );
    expect(broken.status).toBe(400);
    const form = await run(apiCreate, buildRequest("/api/FireFight/create", { form: { srno: "1" }, token }), {
      department: "FireFight",
    });
    expect(form.status).toBe(415);
  });

  it("refuses a serial number already used in that department (409), but not in another", async () => {
    await create("Technician", buildLine({ srno: 501 }));
    const again = await create("Technician", buildLine({ srno: 501 }));
    expect(again.response.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      Message: "Serial number 501 already exists in Technician.",
    });
    const elsewhere = await create("FireFight", buildLine({ srno: 501 }));
    expect(elsewhere.response.status).toBe(201);
  });

  it("answers 404 for an unknown department and 405 for GET", async () => {
    const { response } = await create("Stores");
    expect(response.status).toBe(404);
    const get = await run(apiCreateGet, buildRequest("/api/Electrician/create", { token }), {
      department: "Electrician",
    });
    expect(get.status).toBe(405);
  });
});

describe("GET /api/{department}/product/{id}", () => {
  it("answers the line, and 404 for an unknown id, a malformed id or another department's line", async () => {
    const { body } = await create("Electrician", buildLine({ Assets: "Earth pit" }));
    const id = body.product._id;
    const get = (department: string, lineId: string) =>
      run(apiItem, buildRequest(`/api/${department}/product/${lineId}`, { token }), {
        department,
        id: lineId,
      });
    const found = await get("Electrician", id);
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual(body.product);
    for (const [department, lineId] of [
      ["Electrician", UNKNOWN_ID],
      ["Electrician", "not-an-id"],
      ["Technician", id],
      ["electrician", id],
    ]) {
      const response = await get(department, lineId);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false });
    }
    const missing = await get("Electrician", UNKNOWN_ID);
    expect(await missing.json()).toMatchObject({
      message: "Product not found",
      Message: "Product not found",
    });
  });
});

describe("PUT /api/{department}/update/{id}", () => {
  const update = (department: string, id: string, json: unknown) =>
    run(apiUpdate, buildRequest(`/api/${department}/update/${id}`, { method: "PUT", json, token }), {
      department,
      id,
    });

  it("updates, bumps the version and re-derives excess/shortfall and the untouched status", async () => {
    const { body } = await create("FireFight", buildLine({ AvailableStock: 10, MinStock: 4 }));
    const line = body.product;
    const response = await update("FireFight", line._id, { ...line, AvailableStock: 4 });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as { product: Item } & Record<string, unknown>;
    expect(updated).toMatchObject({ success: true, Message: "Product updated successfully" });
    expect(updated.product).toMatchObject({
      _id: line._id,
      AvailableStock: 4,
      ExcessShortFall: 0,
      StatusofOrder: "Order to place",
      version: 2,
    });
  });

  it("records a new AvailableStock as a stock count on the line's stock card, and nothing for the same figure", async () => {
    const { body } = await create("Electrician", buildLine({ AvailableStock: 10, MinStock: 4 }));
    const id = body.product._id;
    const movements = () =>
      db
        .select({
          kind: stockMovements.kind,
          quantity: stockMovements.quantity,
          counted: stockMovements.counted,
        })
        .from(stockMovements)
        .where(eq(stockMovements.inventoryItemId, id))
        .orderBy(stockMovements.id);
    // The create's figure is the line's opening movement.
    expect(await movements()).toEqual([{ kind: "opening", quantity: 10, counted: null }]);
    const counted = await update("Electrician", id, { AvailableStock: 6.5 });
    expect(((await counted.json()) as { product: Item }).product).toMatchObject({ AvailableStock: 6.5 });
    expect(await movements()).toEqual([
      { kind: "opening", quantity: 10, counted: null },
      { kind: "count", quantity: -3.5, counted: 6.5 },
    ]);
    // The same figure again, or none, moves nothing.
    expect((await update("Electrician", id, { AvailableStock: 6.5, Assets: "Renamed" })).status).toBe(200);
    expect((await update("Electrician", id, { MinStock: 1 })).status).toBe(200);
    expect(await movements()).toHaveLength(2);
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(row).toMatchObject({ availableStock: 6.5, assets: "Renamed", minStock: 1 });
  });

  it("creates a line with no stock without an opening movement", async () => {
    const { body } = await create("Electrician", buildLine({ AvailableStock: 0 }));
    expect(body.product).toMatchObject({ AvailableStock: 0 });
    const moved = await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.inventoryItemId, body.product._id));
    expect(moved).toEqual([]);
  });

  it("keeps fields left out, and derives the status whatever the client sent", async () => {
    const { body } = await create("FireFight", buildLine({ Assets: "Hydrant valve", LeadTime: 3 }));
    const response = await update("FireFight", body.product._id, { MinStock: 50, StatusofOrder: "Ordered" });
    const updated = (await response.json()) as { product: Item };
    expect(updated.product).toMatchObject({
      Assets: "Hydrant valve",
      LeadTime: 3,
      MinStock: 50,
      ExcessShortFall: -40,
      StatusofOrder: "Order to place",
    });
  });

  it("refuses a stale version with 409 and the contract's message, and saves nothing", async () => {
    const { body } = await create("FireFight", buildLine({ Assets: "Foam tank" }));
    const line = body.product;
    expect((await update("FireFight", line._id, { Assets: "First", version: 1 })).status).toBe(200);
    const stale = await update("FireFight", line._id, { Assets: "Second", version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ success: false, message: STALE_RECORD_MESSAGE });
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id));
    expect(row).toMatchObject({ assets: "First", version: 2 });
    // A legacy client that sends no version: last write wins, as before.
    expect((await update("FireFight", line._id, { Assets: "Third" })).status).toBe(200);
  });

  it("answers 404 for an unknown line or department, 400 for bad input, 409 for a taken srno", async () => {
    const { body } = await create("Technician", buildLine());
    const other = await create("Technician", buildLine());
    expect((await update("Technician", UNKNOWN_ID, { Assets: "x" })).status).toBe(404);
    const notFound = await update("Technician", "123", { Assets: "x" });
    expect(await notFound.json()).toMatchObject({ success: false, Message: "Product not found" });
    expect((await update("Mechanic", body.product._id, { Assets: "x" })).status).toBe(404);
    const bad = await update("Technician", body.product._id, { AvailableStock: -5, Assets: "" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      Message: REQUIRED,
      errors: { AvailableStock: ["Available stock cannot be negative."], Assets: [REQUIRED] },
    });
    const taken = await update("Technician", body.product._id, { srno: other.body.product.srno });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { Message: string }).Message).toBe(
      `Serial number ${other.body.product.srno} already exists in Technician.`,
    );
  });
});

describe("DELETE /api/{department}/delete/{id}", () => {
  it("deletes the line (200 with message), then answers 404", async () => {
    const { body } = await create("Electrician", buildLine());
    const remove = () =>
      run(
        apiDelete,
        buildRequest(`/api/Electrician/delete/${body.product._id}`, { method: "DELETE", token }),
        { department: "Electrician", id: body.product._id },
      );
    const first = await remove();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: "Product deleted successfully" });
    const second = await remove();
    expect(second.status).toBe(404);
    expect(await second.json()).toMatchObject({ success: false, message: "Product not found" });
  });

  it("does not delete another department's line", async () => {
    const { body } = await create("Electrician", buildLine());
    const response = await run(
      apiDelete,
      buildRequest(`/api/FireFight/delete/${body.product._id}`, { method: "DELETE", token }),
      { department: "FireFight", id: body.product._id },
    );
    expect(response.status).toBe(404);
    expect(
      await db.select().from(inventoryItems).where(eq(inventoryItems.id, body.product._id)),
    ).toHaveLength(1);
  });
});

describe("audit", () => {
  it("records create, update and delete with before and after", async () => {
    const { body } = await create("Technician", buildLine({ Assets: "Audited" }));
    const id = body.product._id;
    await run(
      apiUpdate,
      buildRequest(`/api/Technician/update/${id}`, { method: "PUT", json: { Assets: "Audited 2" }, token }),
      { department: "Technician", id },
    );
    await run(apiDelete, buildRequest(`/api/Technician/delete/${id}`, { method: "DELETE", token }), {
      department: "Technician",
      id,
    });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "inventory_item"), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
    expect(entries[0].after).toMatchObject({ department: "Technician", Assets: "Audited" });
    expect(entries[1].before).toMatchObject({ Assets: "Audited" });
    expect(entries[1].after).toMatchObject({ Assets: "Audited 2", version: 2 });
    expect(entries[2].before).toMatchObject({ Assets: "Audited 2" });
    expect(entries.every((entry) => entry.userId)).toBe(true);
  });
});
