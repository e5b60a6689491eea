import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { createLine, getLine } from "#app/spares/queries.server.ts";
import { action as deleteAction, loader as deleteLoader } from "#app/spares/routes/delete.tsx";
import { action as insertAction, loader as insertLoader } from "#app/spares/routes/insert.tsx";
import { loader as editLoader } from "#app/spares/routes/line-by-srno.ts";
import { loader as tableLoader } from "#app/spares/routes/list.tsx";
import { action as updateAction, loader as updateLoader } from "#app/spares/routes/update.tsx";
import type { Department } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { buildRequest, run, toastOf } from "#tests/support/requests.ts";
import { signedInUser } from "#tests/support/users.ts";

// The inventory pages' loaders and actions, as the browser calls them (with or without JavaScript).

let cookie: string;
let userId: string;
beforeAll(async () => {
  const user = await signedInUser();
  cookie = user.cookie;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  userId = row.id;
});

const REQUIRED = "Please fill all required fields.";
let nextSrno = 1000;

/** Form fields as the insert/update page posts them, with overrides. */
function buildForm(overrides: Record<string, string> = {}) {
  return {
    srno: String(nextSrno++),
    Assets: "Fire pump",
    ComponentsAndEquipments: "Mechanical seal",
    AvailableStock: "3",
    MinStock: "1",
    LeadTime: "14",
    ...overrides,
  };
}

async function addLine(department: Department, overrides: Record<string, unknown> = {}) {
  const result = await createLine(
    db,
    department,
    {
      srno: nextSrno++,
      Assets: "Panel",
      ComponentsAndEquipments: "Contactor",
      AvailableStock: 5,
      MinStock: 2,
      LeadTime: 10,
      ...overrides,
    },
    userId,
  );
  if (!result.ok) throw new Error(result.reason);
  return result.line;
}

type Reply = { status: string; error?: Record<string, string[]>; initialValue?: Record<string, string> };

describe("the department tables", () => {
  it("send a signed-out visitor to sign in", async () => {
    const response = await run(tableLoader, buildRequest("/products"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fproducts");
  });

  it("show each menu address's department, sorted by serial number, with only the columns shown", async () => {
    await addLine("FireFight", { srno: 20, Assets: "Sprinkler" });
    await addLine("FireFight", { srno: 5, Assets: "Hose reel" });
    await addLine("Technician", { srno: 1, Assets: "Lathe" });
    const firefight = await run(tableLoader, buildRequest("/firefight", { cookie }));
    const read = async (response: Response) => {
      return (await response.json()) as { department: string; rows: Record<string, unknown>[] };
    };
    const body = await read(firefight);
    expect(body.department).toBe("FireFight");
    expect(body.rows.map((row) => row.assets)).toEqual(["Hose reel", "Sprinkler"]);
    expect(Object.keys(body.rows[0]).sort()).toEqual(
      [
        "id",
        "srno",
        "assets",
        "componentsAndEquipments",
        "availableStock",
        "minStock",
        "leadTimeDays",
        "status",
        "version",
        "issued",
      ].sort(),
    );
    const technician = await run(tableLoader, buildRequest("/technician", { cookie }));
    expect((await read(technician)).rows.map((row) => row.assets)).toEqual(["Lathe"]);
    const byName = await run(tableLoader, buildRequest("/products/FireFight", { cookie }), {
      department: "FireFight",
    });
    expect((await read(byName)).rows).toHaveLength(2);
    const electrician = await run(tableLoader, buildRequest("/products", { cookie }));
    expect((await read(electrician)).department).toBe("Electrician");
  });

  it("answer 404 for a department that is not one of the three (exact case)", async () => {
    const response = await run(tableLoader, buildRequest("/products/firefight", { cookie }), {
      department: "firefight",
    });
    expect(response.status).toBe(404);
  });
});

describe("the insert page", () => {
  it("knows its department, says when none is given, and 404s an unknown one", async () => {
    const known = await run(insertLoader, buildRequest("/insertproduct/Technician", { cookie }), {
      department: "Technician",
    });
    expect(await known.json()).toEqual({ department: "Technician" });
    const none = await run(insertLoader, buildRequest("/insertproduct", { cookie }));
    expect(await none.json()).toEqual({ department: null });
    const unknown = await run(insertLoader, buildRequest("/insertproduct/Cook", { cookie }), {
      department: "Cook",
    });
    expect(unknown.status).toBe(404);
  });

  it("saves, derives excess/shortfall and status on the server, and goes to the table with a toast", async () => {
    const form = buildForm({ Assets: "No-JS pump", AvailableStock: "2", MinStock: "2", StatusofOrder: "" });
    const response = await run(insertAction, buildRequest("/insertproduct/FireFight", { form, cookie }), {
      department: "FireFight",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products/FireFight");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Spares line added.",
    });
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.assets, "No-JS pump"));
    expect(row).toMatchObject({ department: "FireFight", createdBy: userId, availableStock: 2 });
    expect((await getLine(db, "FireFight", row.id))?.StatusofOrder).toBe("Order to place");
    // The stock typed is the line's opening movement on its stock card (issue 17).
    const moved = await db.select().from(stockMovements).where(eq(stockMovements.inventoryItemId, row.id));
    expect(moved).toMatchObject([{ kind: "opening", quantity: 2, createdBy: userId }]);
  });

  it("comes back filled in with 'Please fill all required fields.' when a field is empty", async () => {
    const form = buildForm({ Assets: "Kept as typed", MinStock: "", LeadTime: "" });
    const response = await run(insertAction, buildRequest("/insertproduct/Electrician", { form, cookie }), {
      department: "Electrician",
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error).toMatchObject({ MinStock: [REQUIRED], LeadTime: [REQUIRED] });
    expect(reply.initialValue).toMatchObject({ Assets: "Kept as typed", srno: form.srno });
  });

  it("says 'Department is not specified' without a department", async () => {
    const response = await run(insertAction, buildRequest("/insertproduct", { form: buildForm(), cookie }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).error?.[""]).toEqual(["Department is not specified"]);
  });

  it("refuses a serial number already in that department, keeping the input", async () => {
    await addLine("Technician", { srno: 4242 });
    const form = buildForm({ srno: "4242", Assets: "Duplicate" });
    const response = await run(insertAction, buildRequest("/insertproduct/Technician", { form, cookie }), {
      department: "Technician",
    });
    expect(response.status).toBe(409);
    const reply = (await response.json()) as Reply;
    expect(reply.error?.[""]).toEqual(["Serial number 4242 already exists in Technician."]);
    expect(reply.initialValue?.Assets).toBe("Duplicate");
  });

  it("refuses a post from another site", async () => {
    const response = await run(
      insertAction,
      buildRequest("/insertproduct/Technician", {
        form: buildForm(),
        cookie,
        origin: "https://evil.example",
      }),
      { department: "Technician" },
    );
    expect(response.status).toBe(403);
  });
});

describe("the update page", () => {
  it("loads the line's values and version, or 'Invalid department or product ID.'", async () => {
    const line = await addLine("Electrician", { Assets: "Update me", AvailableStock: 1.5 });
    const response = await run(
      updateLoader,
      buildRequest(`/updateproduct/Electrician/${line._id}`, { cookie }),
      {
        department: "Electrician",
        id: line._id,
      },
    );
    const body = (await response.json()) as { values: Record<string, string> };
    expect(body).toMatchObject({
      department: "Electrician",
      // The ledger's balance, shown, not a field to type over; nothing issued yet: no cover figures.
      stock: 1.5,
      cover: { days: "—", orderBy: "—" },
      values: { Assets: "Update me", version: "1" },
    });
    expect(body.values).not.toHaveProperty("AvailableStock");
    // The status is an output worked out from the stock, not a field the form sends back.
    expect(body.values).not.toHaveProperty("StatusofOrder");
    for (const params of [
      { department: "FireFight", id: line._id },
      { department: "Electrician", id: "nope" },
      { department: "Electrician", id: "00000000-0000-4000-8000-000000000000" },
    ]) {
      const missing = await run(updateLoader, buildRequest("/updateproduct/x/y", { cookie }), params);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toBe("Invalid department or product ID.");
    }
  });

  const post = (department: Department, id: string, form: Record<string, string>) =>
    run(updateAction, buildRequest(`/updateproduct/${department}/${id}`, { form, cookie }), {
      department,
      id,
    });

  it("saves, re-derives the status the user left alone, and goes back to that department's table", async () => {
    const line = await addLine("Technician", { AvailableStock: 10, MinStock: 2 });
    const response = await post("Technician", line._id, {
      ...buildForm({ srno: String(line.srno), MinStock: "12" }),
      StatusofOrder: "Available",
      version: "1",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/products/Technician");
    expect(await toastOf(response)).toMatchObject({ message: "Spares line updated." });
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id));
    expect(row).toMatchObject({ availableStock: 10, minStock: 12, version: 2 });
    expect((await getLine(db, "Technician", line._id))?.StatusofOrder).toBe("Order to place");
  });

  it("never types over the available stock: a figure posted with the form changes nothing (issue 17)", async () => {
    const line = await addLine("Technician", { AvailableStock: 10, MinStock: 2 });
    const response = await post("Technician", line._id, {
      ...buildForm({ srno: String(line.srno), AvailableStock: "1", MinStock: "2" }),
      version: "1",
    });
    expect(response.status).toBe(302);
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id));
    expect(row).toMatchObject({ availableStock: 10, version: 2 });
    const moved = await db.select().from(stockMovements).where(eq(stockMovements.inventoryItemId, line._id));
    expect(moved.map((movement) => [movement.kind, movement.quantity])).toEqual([["opening", 10]]);
  });

  it("ignores a status posted with the form: the status is the stock's", async () => {
    const line = await addLine("Technician", { AvailableStock: 10, MinStock: 2 });
    const response = await post("Technician", line._id, {
      ...buildForm({ srno: String(line.srno), AvailableStock: "0", StatusofOrder: "Ordered, PO 91" }),
      version: "1",
    });
    expect(response.status).toBe(302);
    expect((await getLine(db, "Technician", line._id))?.StatusofOrder).toBe("Available");
  });

  it("refuses a save over someone else's change with the stale message, keeping the user's input", async () => {
    const line = await addLine("FireFight", { Assets: "Original" });
    const first = await post("FireFight", line._id, {
      ...buildForm({ srno: String(line.srno), Assets: "Someone else" }),
      version: "1",
    });
    expect(first.status).toBe(302);
    const second = await post("FireFight", line._id, {
      ...buildForm({ srno: String(line.srno), Assets: "My change" }),
      version: "1",
    });
    expect(second.status).toBe(409);
    const reply = (await second.json()) as Reply;
    expect(reply.error?.[""]).toEqual([STALE_RECORD_MESSAGE]);
    expect(reply.initialValue).toMatchObject({ Assets: "My change", version: "1" });
    const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id));
    expect(row.assets).toBe("Someone else");
  });

  it("refuses negative or non-numeric numbers and empty fields, and says when the line is gone", async () => {
    const line = await addLine("FireFight");
    const bad = await post("FireFight", line._id, {
      ...buildForm({ srno: String(line.srno), MinStock: "-2", LeadTime: "soon", Assets: "" }),
      version: "1",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Reply).error).toEqual({
      MinStock: ["Min stock cannot be negative."],
      LeadTime: ["Lead time must be a number."],
      Assets: [REQUIRED],
    });
    const gone = await post("FireFight", "00000000-0000-4000-8000-000000000000", buildForm());
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as Reply).error?.[""]).toEqual(["Failed to update product."]);
  });
});

describe("the table's Update link", () => {
  it("finds the line by serial number and goes to its update page, or says the line is unknown", async () => {
    const line = await addLine("Technician");
    const response = await run(
      editLoader,
      buildRequest(`/products/Technician/${line.srno}/edit`, { cookie }),
      { department: "Technician", srno: String(line.srno) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/updateproduct/Technician/${line._id}`);
    for (const params of [
      { department: "Electrician", srno: String(line.srno) },
      { department: "Technician", srno: "abc" },
      { department: "technician", srno: String(line.srno) },
    ]) {
      const missing = await run(editLoader, buildRequest("/products/x/1/edit", { cookie }), params);
      expect(missing.status).toBe(404);
    }
  });
});

describe("delete", () => {
  const url = (department: string, srno: number, query: string) =>
    `/products/${department}/${srno}/delete?${query}`;

  it("shows the confirmation page for a line, 404 for an unknown one", async () => {
    const line = await addLine("Electrician", { Assets: "Delete me" });
    const page = await run(
      deleteLoader,
      buildRequest(url("Electrician", line.srno, "version=1&back=%2Fproducts"), { cookie }),
      { department: "Electrician", srno: String(line.srno) },
    );
    // The page's form deletes the very line it shows (its id and version).
    expect(await page.json()).toMatchObject({
      back: "/products",
      line: { id: line._id, version: 1, assets: "Delete me" },
    });
    const unknown = await run(deleteLoader, buildRequest("/products/Electrician/x/delete", { cookie }), {
      department: "Electrician",
      srno: "x",
    });
    expect(unknown.status).toBe(404);
  });

  const remove = (department: Department, srno: number, query: string) =>
    run(deleteAction, buildRequest(url(department, srno, query), { method: "POST", cookie }), {
      department,
      srno: String(srno),
    });

  it("deletes and returns to the table it came from with a toast; a second time says it failed", async () => {
    const line = await addLine("FireFight");
    const first = await remove("FireFight", line.srno, "version=1&back=%2Ffirefight");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/firefight");
    expect(await toastOf(first)).toMatchObject({ type: "success", message: "Spares line deleted." });
    expect(await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id))).toHaveLength(0);
    const second = await remove("FireFight", line.srno, "back=https%3A%2F%2Fevil.example%2F");
    expect(second.headers.get("location")).toBe("/products/FireFight");
    expect(await toastOf(second)).toMatchObject({ type: "error", message: "Failed to delete product." });
  });

  it("does not delete a line changed since the table showed it", async () => {
    const line = await addLine("Technician", { Assets: "Changed meanwhile" });
    await run(
      updateAction,
      buildRequest(`/updateproduct/Technician/${line._id}`, {
        form: buildForm({ srno: String(line.srno), Assets: "Changed meanwhile 2" }),
        cookie,
      }),
      { department: "Technician", id: line._id },
    );
    const response = await remove("Technician", line.srno, "version=1");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: STALE_RECORD_MESSAGE });
    expect(await db.select().from(inventoryItems).where(eq(inventoryItems.id, line._id))).toHaveLength(1);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, line._id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(["create", "update"]);
  });

  it("does not delete a new line that took the serial number of the one the table showed", async () => {
    const old = await addLine("Electrician", { Assets: "Old line" });
    const query = `line=${old._id}&version=1`;
    await remove("Electrician", old.srno, "version=1");
    const successor = await addLine("Electrician", { srno: old.srno, Assets: "New line, same number" });
    expect(successor.srno).toBe(old.srno);
    const page = await run(deleteLoader, buildRequest(url("Electrician", old.srno, query), { cookie }), {
      department: "Electrician",
      srno: String(old.srno),
    });
    expect(page.status).toBe(404);
    const response = await remove("Electrician", old.srno, query);
    expect(await toastOf(response)).toMatchObject({ type: "error", message: STALE_RECORD_MESSAGE });
    expect(await db.select().from(inventoryItems).where(eq(inventoryItems.id, successor._id))).toHaveLength(
      1,
    );
  });
});
