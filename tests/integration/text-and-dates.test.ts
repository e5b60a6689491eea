import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as apiAdd } from "#app/contracts/routes/api-add.ts";
import { action as insertAction } from "#app/contracts/routes/insert.tsx";
import { CONTRACT_YEARS_AHEAD } from "#app/contracts/schema.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { action as apiMove } from "#app/ledger/routes/api-movements.ts";
import { action as movementAction } from "#app/ledger/routes/movement.tsx";
import { addYears, clockToday, formatDateGB } from "#app/lib/dates.ts";
import { RECORD_YEARS_AHEAD } from "#app/sop/engine/schema.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { action as apiRecordsAction } from "#app/sop/routes/api-records.ts";
import { action as formAction } from "#app/sop/routes/form.tsx";
import { sopRecords } from "#app/sop/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { messages } from "#app/stock/rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 31: one sanitiser for text at the edge, and a plausible window for every date field, the
// same through the forms and the API.

const admin = await signedInUser(); // the first account: admin, may change everything
const token = await apiToken(admin);
const AS15 = findFormat("AS15")!;

const contractApi = (overrides: Record<string, unknown>) =>
  run(
    apiAdd,
    buildRequest("/api/equipment/add", {
      json: {
        equipment: `Fire pump ${Math.random().toString(36).slice(2, 7)}`,
        company: "Kirloskar",
        validity: { from: "2026-04-01", to: "2027-03-31" },
        pms: "Quarterly",
        ...overrides,
      },
      token,
    }),
  );

const contractForm = (overrides: Record<string, string>) =>
  run(
    insertAction,
    buildRequest("/amcinsert", {
      form: {
        equipment: `Compressor ${Math.random().toString(36).slice(2, 7)}`,
        company: "Atlas",
        validityFrom: "2026-04-01",
        validityTo: "2027-03-31",
        pms: "Monthly",
        ...overrides,
      },
      cookie: admin.cookie,
    }),
  );

/** A record's data as the SOP page's form posts it: nested names, strings. */
function asForm(data: unknown, prefix = "", out: Record<string, string> = {}) {
  if (Array.isArray(data)) {
    for (const [index, item] of data.entries()) asForm(item, `${prefix}[${index}]`, out);
  } else if (data && typeof data === "object")
    for (const [key, value] of Object.entries(data)) asForm(value, prefix ? `${prefix}.${key}` : key, out);
  else if (data !== null && data !== undefined) out[prefix] = String(data);
  return out;
}

/** An AS15 record with its first entry changed. */
function as15With(entry: Record<string, unknown>) {
  const record = sampleRecord(AS15, `Text ${Math.random().toString(36).slice(2, 7)}`) as {
    entries: Record<string, unknown>[];
  };
  record.entries = [{ ...record.entries[0], ...entry }];
  return record;
}

const sopApi = (record: unknown) =>
  run(apiRecordsAction, buildRequest("/api/sop/as15", { json: record, token }), { format: "as15" });
const sopForm = (record: unknown) =>
  run(formAction, buildRequest("/as15", { form: asForm(record), cookie: admin.cookie }), { format: "as15" });

async function newRackItem(): Promise<StockItemRef> {
  const [row] = await db
    .insert(rackItems)
    .values({
      rackNumber: 3,
      section: "B",
      materialName: "Gland packing",
      availableStock: 0,
      closingStock: 0,
    })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id };
}
const movementApi = (item: StockItemRef, json: unknown) =>
  run(apiMove, buildRequest(`/api/stock/${item.type}/${item.id}/movements`, { json, token }), {
    type: item.type,
    id: item.id,
  });
const movementForm = (item: StockItemRef, fields: Record<string, string>) =>
  run(
    movementAction,
    buildRequest(`/stock/${item.type}/${item.id}/receive`, { form: fields, cookie: admin.cookie }),
    { type: item.type, id: item.id },
  );

const bodyText = async (response: Response) => JSON.stringify(await response.json());

describe("text at the edge", () => {
  it("drops a NUL byte and other control characters sent to the API, storing the text (never a 500)", async () => {
    const response = await contractApi({
      equipment: "Fire\u0000 pump\u0007 GP\u001b-9\u009b",
      concernedPerson: "Ravi\u007f",
    });
    expect(response.status).toBe(201);
    const { newEquipment } = (await response.json()) as { newEquipment: { _id: string } };
    const [row] = await db.select().from(contracts).where(eq(contracts.id, newEquipment._id));
    expect(row).toMatchObject({ equipment: "Fire pump GP-9", concernedPerson: "Ravi" });
  });

  it("folds a line break in a one-line field to a space, through the API and the form alike", async () => {
    const viaApi = await contractApi({
      equipment: "DG set\nFrom the administrator",
      company: "Atlas\r\n\r\nCopco",
      mobileNumber: "98765\n43210",
    });
    expect(viaApi.status).toBe(201);
    const { newEquipment } = (await viaApi.json()) as { newEquipment: { _id: string } };
    const [apiRow] = await db.select().from(contracts).where(eq(contracts.id, newEquipment._id));
    expect(apiRow).toMatchObject({
      equipment: "DG set From the administrator",
      company: "Atlas Copco",
      mobileNumber: "98765 43210",
    });

    const name = `Weighbridge ${Math.random().toString(36).slice(2, 7)}`;
    const viaForm = await contractForm({ equipment: `${name}\r\nNorth gate`, company: "Avery\nIndia" });
    expect(viaForm.status).toBe(302);
    const [formRow] = await db
      .select()
      .from(contracts)
      .where(eq(contracts.equipment, `${name} North gate`));
    expect(formRow?.company).toBe("Avery India");

    const record = await sopApi(as15With({ descriptionOfItems: "2 cylinders\n\nFrom the administrator" }));
    expect(record.status).toBe(201);
    const { _id } = (await record.json()) as { _id: string };
    const [stored] = await db.select().from(sopRecords).where(eq(sopRecords.id, _id));
    expect((stored.data as { entries: { descriptionOfItems: string }[] }).entries[0].descriptionOfItems).toBe(
      "2 cylinders From the administrator",
    );
  });

  it("keeps the lines of a field meant to hold several (a movement's remark), folding its one-line reference", async () => {
    const item = await newRackItem();
    const response = await movementApi(item, {
      kind: "receipt",
      quantity: 2,
      reference: "SL-8\nFrom the administrator",
      remark: "Received damaged\r\nReplacement ordered",
    });
    expect(response.status).toBe(201);
    const [row] = await db.select().from(stockMovements).where(eq(stockMovements.rackItemId, item.id));
    expect(row).toMatchObject({
      reference: "SL-8 From the administrator",
      remark: "Received damaged\nReplacement ordered",
    });
  });
});

describe("dates within a plausible window", () => {
  it("refuses 9999-12-31 and 1900-01-01 on a contract, through the API and the form, naming the window", async () => {
    const to = formatDateGB(addYears(clockToday(), CONTRACT_YEARS_AHEAD));
    const far = await contractApi({ validity: { from: "2026-04-01", to: "9999-12-31" } });
    expect(far.status).toBe(400);
    expect((await far.json()) as { errors: Record<string, string[]> }).toMatchObject({
      errors: { "validity.to": [`Validity To must be between 01/01/2000 and ${to}.`] },
    });
    const early = await contractApi({ validity: { from: "1900-01-01", to: "2027-03-31" } });
    expect(early.status).toBe(400);
    expect(await bodyText(early)).toContain(`Validity From must be between 01/01/2000 and ${to}.`);

    const form = await contractForm({ validityTo: "9999-12-31", nextDueOn: "1900-01-01" });
    expect(form.status).toBe(400);
    const { result } = (await form.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error).toMatchObject({
      validityTo: [`Validity To must be between 01/01/2000 and ${to}.`],
      nextDueOn: [`Next Due Date must be between 01/01/2000 and ${to}.`],
    });
  });

  it("refuses 9999-12-31 and 1900-01-01 on a SOP record, through the API and the form, naming the window", async () => {
    const message = `Date must be between 01/01/2000 and ${formatDateGB(addYears(clockToday(), RECORD_YEARS_AHEAD))}.`;
    const before = await db.$count(sopRecords);
    for (const date of ["9999-12-31", "1900-01-01"]) {
      const api = await sopApi(as15With({ date }));
      expect(api.status).toBe(400);
      expect(await bodyText(api)).toContain(message);
      const form = await sopForm(as15With({ date }));
      expect(form.status).toBe(400);
      expect(await bodyText(form)).toContain(message);
    }
    expect(await db.$count(sopRecords)).toBe(before);
  });

  it("refuses 9999-12-31 and 1900-01-01 on a stock movement, through the API and the form", async () => {
    const item = await newRackItem();
    const early = `Date must be between 01/01/2000 and ${formatDateGB(plantToday())}.`;
    const cases: [string, string][] = [
      ["9999-12-31", messages.futureDate],
      ["1900-01-01", early],
    ];
    for (const [movedOn, message] of cases) {
      const api = await movementApi(item, { kind: "receipt", movedOn, quantity: 1 });
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({ message, errors: { movedOn: [message] } });
      const form = await movementForm(item, { movedOn, quantity: "1" });
      expect(form.status).toBe(400);
      const { result } = (await form.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error.movedOn).toEqual([message]);
    }
    expect(await db.$count(stockMovements, eq(stockMovements.rackItemId, item.id))).toBe(0);
  });
});
