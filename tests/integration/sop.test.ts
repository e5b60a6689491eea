import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { addDays, clockToday } from "#app/lib/dates.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { keyFieldText } from "#app/sop/engine/values.ts";
import { findFormat, formats } from "#app/sop/formats/index.ts";
import type { RecordRow, ReturnRow } from "#app/sop/list.ts";
import { action as apiChecklist, loader as apiChecklistLoader } from "#app/sop/routes/api-checklist.ts";
import { loader as apiRecord, action as apiRecordAction } from "#app/sop/routes/api-record.ts";
import { loader as apiRecords, action as apiRecordsAction } from "#app/sop/routes/api-records.ts";
import { action as deleteAction } from "#app/sop/routes/delete.tsx";
import { action as editAction, loader as editLoader } from "#app/sop/routes/edit.tsx";
import { action as formAction, loader as formLoader } from "#app/sop/routes/form.tsx";
import { loader as recordLoader } from "#app/sop/routes/record.tsx";
import { loader as recordsLoader } from "#app/sop/routes/records.tsx";
import { loader as recordsPrintLoader } from "#app/sop/routes/records-print.tsx";
import { sopRecords } from "#app/sop/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

type ApiRecord = Record<string, unknown> & {
  _id: string;
  version: number;
  recordDate: string;
  createdBy: string;
};

const user = await signedInUser();
const token = await apiToken(user);
const other = await signedInUser();

/** A record's data as an HTML form posts it: nested names, strings, ticked boxes "on". */
function asForm(data: unknown, prefix = "", out: Record<string, string> = {}) {
  if (Array.isArray(data)) {
    for (const [index, item] of data.entries()) asForm(item, `${prefix}[${index}]`, out);
  } else if (data && typeof data === "object")
    for (const [key, value] of Object.entries(data)) asForm(value, prefix ? `${prefix}.${key}` : key, out);
  else if (data === true) out[prefix] = prefix.endsWith("checked") ? "on" : "Yes";
  else if (data === false) {
    if (!prefix.endsWith("checked")) out[prefix] = "No";
  } else if (data !== null && data !== undefined) out[prefix] = String(data);
  return out;
}

const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

describe("every format through the API: save, list, get, update, delete", () => {
  for (const definition of formats) {
    it(`${definition.code}`, async () => {
      const marker = `API ${definition.code} ${Math.random().toString(36).slice(2, 8)}`;
      const sent = sampleRecord(definition, marker);
      const created = await run(
        apiRecordsAction,
        buildRequest(`/api/sop/${definition.code.toLowerCase()}`, { json: sent, token }),
        { format: definition.code.toLowerCase() },
      );
      expect(created.status).toBe(201);
      const body = await json<{ message: string; _id: string; record: ApiRecord }>(created);
      expect(body.message).toBe("Form saved successfully!");
      expect(body.record).toMatchObject({
        _id: body._id,
        format: definition.code,
        version: 1,
        createdBy: user.email,
      });
      expect(body.record.recordDate).toBe("2025-03-14");

      const list = await run(
        apiRecords,
        buildRequest(`/api/sop/${definition.code}?text=${encodeURIComponent(marker)}`, { token }),
        { format: definition.code },
      );
      const listed = await json<{ total: number; records: ApiRecord[] }>(list);
      expect(listed.total).toBe(1);
      expect(listed.records[0]._id).toBe(body._id);

      const got = await run(apiRecord, buildRequest(`/api/sop/${definition.code}/${body._id}`, { token }), {
        format: definition.code,
        id: body._id,
      });
      expect(got.status).toBe(200);
      const record = await json<ApiRecord>(got);
      // What was sent comes back (AS16 adds each item's wording).
      for (const [key, value] of Object.entries(sent)) {
        if (definition.code === "AS16" && key === "items") {
          expect((record.items as { observation: string }[])[0].observation).toBe(
            (value as { observation: string }[])[0].observation,
          );
        } else expect(record[key], key).toEqual(value);
      }

      const changed = sampleRecord(definition, `${marker} changed`, 1);
      const updated = await run(
        apiRecordAction,
        buildRequest(`/api/sop/${definition.code}/${body._id}`, {
          method: "PUT",
          json: { ...changed, version: 1 },
          token,
        }),
        { format: definition.code, id: body._id },
      );
      expect(updated.status).toBe(200);
      expect(await json(updated)).toMatchObject({ version: 2, updatedBy: user.email });

      const stale = await run(
        apiRecordAction,
        buildRequest(`/api/sop/${definition.code}/${body._id}`, {
          method: "PUT",
          json: { ...sent, version: 1 },
          token,
        }),
        { format: definition.code, id: body._id },
      );
      expect(stale.status).toBe(409);
      expect(await json(stale)).toEqual({ message: STALE_RECORD_MESSAGE });

      const removed = await run(
        apiRecordAction,
        buildRequest(`/api/sop/${definition.code}/${body._id}`, { method: "DELETE", token }),
        { format: definition.code, id: body._id },
      );
      expect(removed.status).toBe(200);
      expect(await json(removed)).toEqual({ message: "Record deleted successfully" });
      const gone = await run(apiRecord, buildRequest(`/api/sop/${definition.code}/${body._id}`, { token }), {
        format: definition.code,
        id: body._id,
      });
      expect(gone.status).toBe(404);

      const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, body._id));
      expect(audits.map((entry) => entry.action).sort()).toEqual(["create", "delete", "update"]);
      expect(audits.every((entry) => entry.entity === "sop_record" && entry.userId !== null)).toBe(true);
    });
  }
});

describe("every format through its pages: save, list, open, edit, delete", () => {
  for (const definition of formats) {
    it(`${definition.code}`, async () => {
      const cookie = user.cookie;
      const path = definition.path;
      const params = { format: path.slice(1) };
      const loaded = await json<{ code: string; today: string }>(
        await run(formLoader, buildRequest(path, { cookie }), params),
      );
      expect(loaded.code).toBe(definition.code);
      expect(loaded.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

      const marker = `Page ${definition.code} ${Math.random().toString(36).slice(2, 8)}`;
      const saved = await run(
        formAction,
        buildRequest(path, { form: asForm(sampleRecord(definition, marker)), cookie }),
        params,
      );
      expect(saved.status).toBe(302);
      const location = saved.headers.get("location") ?? "";
      expect(location).toMatch(new RegExp(`^${path}/records/[0-9a-f-]{36}$`));
      expect(saved.headers.get("set-cookie")).toContain("plantops_toast");
      const id = location.split("/").pop() ?? "";
      const [row] = await db.select().from(sopRecords).where(eq(sopRecords.id, id));
      // The form post stores the same data as the JSON API would (strings become numbers, "Yes" true…).
      expect(row.data).toEqual(schemaFor(definition).parse(sampleRecord(definition, marker)));
      expect(row.summary).toContain(marker);

      const list = await json<{ records: RecordRow[]; view: { total: number } }>(
        await run(
          recordsLoader,
          buildRequest(`${path}/records?q=${encodeURIComponent(marker)}`, { cookie }),
          params,
        ),
      );
      expect(list.view.total).toBe(1);
      const [listed] = list.records;
      expect(listed).toMatchObject({ id, savedBy: user.email });
      expect(listed.keys[0]).toContain(marker);
      // The database picks the key fields out of the data just as the engine reads them.
      expect(listed.keys).toEqual(
        definition.keyFields.map((field) => keyFieldText(row.data as Record<string, unknown>, field.path)),
      );

      const view = await json<{ data: Record<string, unknown> }>(
        await run(recordLoader, buildRequest(`${path}/records/${id}`, { cookie }), { ...params, id }),
      );
      expect(view.data).toEqual(row.data);

      const edit = await json<{ version: number; defaultValue: Record<string, unknown> }>(
        await run(editLoader, buildRequest(`${path}/records/${id}/edit`, { cookie }), { ...params, id }),
      );
      expect(edit.version).toBe(1);
      // The edit form starts from what was saved: posting it back unchanged keeps the data.
      const resaved = await run(
        editAction,
        buildRequest(`${path}/records/${id}/edit`, {
          form: { ...asForm(edit.defaultValue), version: "1" },
          cookie: other.cookie,
        }),
        { ...params, id },
      );
      expect(resaved.status).toBe(302);
      const [after] = await db.select().from(sopRecords).where(eq(sopRecords.id, id));
      expect(after.data).toEqual(row.data);
      expect(after.version).toBe(2);

      // A second save from the same (now stale) page is refused, with the input kept.
      const stale = await run(
        editAction,
        buildRequest(`${path}/records/${id}/edit`, {
          form: { ...asForm(edit.defaultValue), version: "1" },
          cookie,
        }),
        { ...params, id },
      );
      expect(stale.status).toBe(409);
      const staleBody = JSON.stringify(await stale.json());
      expect(staleBody).toContain(STALE_RECORD_MESSAGE);
      expect(staleBody).toContain(marker.split(" ")[2]);

      const deleted = await run(
        deleteAction,
        buildRequest(`${path}/records/${id}/delete`, { form: {}, cookie }),
        { ...params, id },
      );
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("location")).toBe(`${path}/records`);
      expect(await db.select().from(sopRecords).where(eq(sopRecords.id, id))).toHaveLength(0);
    });
  }
});

describe("the pages", () => {
  it("find the format in any case and answer 404 for a name that is not a format", async () => {
    for (const name of ["AS11", "as11", "As11"]) {
      const response = await run(formLoader, buildRequest(`/${name}`, { cookie: user.cookie }), {
        format: name,
      });
      expect(await json(response)).toMatchObject({ code: "AS11" });
    }
    const missing = await run(formLoader, buildRequest("/as13", { cookie: user.cookie }), { format: "as13" });
    expect(missing.status).toBe(404);
    const noRecord = await run(
      recordLoader,
      buildRequest("/AS11/records/not-a-uuid", { cookie: user.cookie }),
      { format: "AS11", id: "not-a-uuid" },
    );
    expect(noRecord.status).toBe(404);
  });

  it("send a signed-out visitor to sign in", async () => {
    const response = await run(formLoader, buildRequest("/AS11"), { format: "AS11" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2FAS11");
  });

  it("refuse an AS11 without lorry number, keeping what was typed", async () => {
    const response = await run(
      formAction,
      buildRequest("/AS11", {
        form: { date: "2025-01-02", transporter: "Kept Transport", "criteria[2].status": "No" },
        cookie: user.cookie,
      }),
      { format: "AS11" },
    );
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("Lorry number is required.");
    expect(body).toContain("Kept Transport");
    expect(body).toContain("The form was not saved.");
  });

  it("send an AS11 with items unanswered back once, as typed, listing them; Save anyway saves it with them blank", async () => {
    const lorry = `KA-${Math.random().toString(36).slice(2, 8)}`;
    const typed = {
      date: "2025-01-02",
      lorryNo: lorry,
      transporter: "Kept Transport",
      "criteria[0].status": "Yes",
      "criteria[0].remarks": "Kept remark",
      "criteria[2].status": "No",
      driverSignature: "R. Kumar",
    };
    const saved = () =>
      db
        .select()
        .from(sopRecords)
        .where(like(sopRecords.summary, `${lorry}%`));
    const held = await run(formAction, buildRequest("/AS11", { form: typed, cookie: user.cookie }), {
      format: "AS11",
    });
    expect(held.status).toBe(200);
    const reply = await json<{
      unanswered: { number: number; label: string }[];
      initialValue: Record<string, unknown>;
    }>(held);
    expect(reply.unanswered.map((item) => item.number)).toEqual([
      2,
      ...Array.from({ length: 12 }, (_, i) => i + 4),
    ]);
    const [checklist] = findFormat("AS11")!.body as { sections: { items: { label: string }[] }[] }[];
    expect(reply.unanswered[0].label).toBe(checklist.sections[0].items[1].label);
    // Every typed value comes back, nothing is saved.
    expect(reply.initialValue).toMatchObject({
      lorryNo: lorry,
      transporter: "Kept Transport",
      driverSignature: "R. Kumar",
      criteria: [{ status: "Yes", remarks: "Kept remark" }, null, { status: "No" }],
    });
    expect(await saved()).toHaveLength(0);

    const anyway = await run(
      formAction,
      buildRequest("/AS11", { form: { ...typed, saveAnyway: "yes" }, cookie: user.cookie }),
      { format: "AS11" },
    );
    expect(anyway.status).toBe(302);
    const [row] = await saved();
    const criteria = (row.data as { criteria: { status: string }[] }).criteria;
    expect(criteria.map((item) => item.status).slice(0, 4)).toEqual(["Yes", "", "No", ""]);

    // Editing it warns again while items stay blank.
    const edit = await run(
      editAction,
      buildRequest(`/AS11/records/${row.id}/edit`, { form: { ...typed, version: "1" }, cookie: user.cookie }),
      { format: "AS11", id: row.id },
    );
    expect(edit.status).toBe(200);
    expect((await json<{ unanswered: unknown[] }>(edit)).unanswered).toHaveLength(13);
    expect((await saved())[0].version).toBe(1);
  });

  it("show who saved a record by name (their e-mail while they have none), and find it by that name", async () => {
    const name = `Asha ${Math.random().toString(36).slice(2, 8)}`;
    const named = await signedInUser({ name });
    const definition = findFormat("AS12")!;
    const params = { format: "as12" };
    const marker = `Named ${Math.random().toString(36).slice(2, 8)}`;
    const saved = await run(
      formAction,
      buildRequest("/as12", { form: asForm(sampleRecord(definition, marker)), cookie: named.cookie }),
      params,
    );
    const id = (saved.headers.get("location") ?? "").split("/").pop() ?? "";
    const list = await json<{ records: RecordRow[] }>(
      await run(
        recordsLoader,
        buildRequest(`/as12/records?q=${encodeURIComponent(name)}`, { cookie: user.cookie }),
        params,
      ),
    );
    expect(list.records.map((row) => [row.id, row.savedBy])).toEqual([[id, name]]);
    const view = await json<{ savedBy: string; updatedBy: string }>(
      await run(recordLoader, buildRequest(`/as12/records/${id}`, { cookie: user.cookie }), {
        ...params,
        id,
      }),
    );
    expect(view.savedBy).toBe(name);
    expect(view.updatedBy).toBe(name);
    // The API keeps answering the e-mail (its documented field).
    const api = await json<ApiRecord>(
      await run(apiRecord, buildRequest(`/api/sop/as12/${id}`, { token }), { format: "as12", id }),
    );
    expect(api.createdBy).toBe(named.email);
  });

  it("add a register row without JavaScript: the same form comes back one row longer, nothing saved", async () => {
    const before = await db.select().from(sopRecords).where(eq(sopRecords.format, "AS14"));
    const response = await run(
      formAction,
      buildRequest("/as14", {
        form: {
          "entries[0].date": "2025-01-02",
          "entries[0].gatePassNo": "GP-TYPED",
          __intent__: JSON.stringify({ type: "insert", payload: { name: "entries" } }),
        },
        cookie: user.cookie,
      }),
      { format: "as14" },
    );
    expect(response.status).toBe(200);
    const reply = await json<{ initialValue: { entries: unknown[] } }>(response);
    expect(reply.initialValue.entries).toHaveLength(2);
    expect(reply.initialValue.entries[0]).toMatchObject({ gatePassNo: "GP-TYPED" });
    expect(await db.select().from(sopRecords).where(eq(sopRecords.format, "AS14"))).toHaveLength(
      before.length,
    );
  });

  it("list newest first; search, date range, sort and paging on the server; print the whole list", async () => {
    const definition = findFormat("AS12")!;
    const tag = `Pager${Math.random().toString(36).slice(2, 7)}`;
    for (let day = 1; day <= 55; day++) {
      const data = sampleRecord(definition, day === 3 ? `${tag} needle` : tag, 1);
      (data.entries as Record<string, unknown>[])[0].date =
        `2024-05-${String((day % 28) + 1).padStart(2, "0")}`;
      const response = await run(apiRecordsAction, buildRequest("/api/sop/AS12", { json: data, token }), {
        format: "AS12",
      });
      expect(response.status).toBe(201);
    }
    type Listed = {
      records: RecordRow[];
      view: { total: number; page: number; size: number; sort: string; dir: string };
    };
    const list = async (query: string) =>
      json<Listed>(
        await run(recordsLoader, buildRequest(`/as12/records?${query}`, { cookie: user.cookie }), {
          format: "as12",
        }),
      );
    const first = await list(`q=${tag}&size=50`);
    expect(first.view).toMatchObject({ total: 55, page: 1, size: 50 });
    expect(first.records).toHaveLength(50);
    expect(first.records[0].date).toBe("28/05/2024");
    const second = await list(`q=${tag}&size=50&page=2`);
    expect(second.records).toHaveLength(5);
    expect(second.records.map((row) => row.date)).toContain("02/05/2024");
    // The size asked for is remembered; an old ?text= link still searches.
    expect((await list(`text=${tag}&size=100`)).records).toHaveLength(55);
    expect((await list(`text=${tag}`)).records).toHaveLength(55);
    // A match that sorts onto the last page is found by the search all the same.
    const needle = await list(`q=${encodeURIComponent(`${tag} needle`)}`);
    expect(needle.records.map((row) => row.date)).toEqual(["04/05/2024"]);
    // The date as the list shows it.
    expect((await list(`q=${tag}&from=2024-05-04&to=2024-05-04`)).view.total).toBe(2);
    expect((await list(`q=04%2F05%2F2024`)).records.map((row) => row.date)).toEqual([
      "04/05/2024",
      "04/05/2024",
    ]);
    const ranged = await list(`q=${tag}&from=2024-05-10&to=2024-05-11`);
    expect(ranged.view.total).toBe(4); // days 9, 10, 37, 38 map to the 10th and 11th
    const oldest = await list(`q=${tag}&sort=date&dir=asc&size=25`);
    expect(oldest.records[0].date).toBe("01/05/2024");
    // Bad values are the defaults (the size: the one asked for last), never an error.
    const odd = await list(`q=${tag}&sort=data&dir=up&size=7&page=-2&from=2024-13-01`);
    expect(odd.view).toMatchObject({ sort: "date", dir: "desc", size: 25, page: 1, total: 55 });

    const sheet = await json<{ rows: RecordRow[]; filters: { label: string; value: string }[] }>(
      await run(
        recordsPrintLoader,
        buildRequest(`/as12/records/print?q=${tag}&from=2024-05-10&sort=date&dir=asc&page=2&size=50`, {
          cookie: user.cookie,
        }),
        { format: "as12" },
      ),
    );
    expect(sheet.rows).toHaveLength(38); // all but the 17 dated before the 10th
    expect(sheet.rows[0].date).toBe("10/05/2024");
    expect(sheet.filters).toEqual([
      { label: "Search", value: `'${tag}'` },
      { label: "From", value: "10/05/2024" },
    ]);
  });

  it("AS15 lists material not yet returned and marks the overdue", async () => {
    const response = await run(
      apiRecordsAction,
      buildRequest("/api/sop/AS15", {
        json: {
          entries: [
            { date: "2025-01-02", gatePassNo: "GP-LATE", expectedDateOfReturn: "2025-01-10" },
            {
              date: "2025-01-02",
              gatePassNo: "GP-BACK",
              expectedDateOfReturn: "2025-01-10",
              dateOfReturn: "2025-01-08",
            },
            // Due back in 300 days: a record's dates lie within a year ahead.
            { date: "2025-01-02", gatePassNo: "GP-LATER", expectedDateOfReturn: addDays(clockToday(), 300) },
          ],
        },
        token,
      }),
      { format: "AS15" },
    );
    expect(response.status).toBe(201);
    const page = await json<{ returns: { rows: ReturnRow[]; total: number } }>(
      await run(recordsLoader, buildRequest("/as15/records?returns=all", { cookie: user.cookie }), {
        format: "as15",
      }),
    );
    const returns = page.returns.rows;
    const byPass = Object.fromEntries(returns.map((entry) => [entry.gatePassNo, entry.overdue]));
    expect(byPass).toMatchObject({ "GP-LATE": true, "GP-LATER": false });
    expect(byPass).not.toHaveProperty("GP-BACK");
  });

  it("AS15 shows the 20 longest-outstanding returns above the records, and all of them on request", async () => {
    const entries = Array.from({ length: 25 }, (_, n) => ({
      date: "2024-03-01",
      gatePassNo: `GP-MANY-${n}`,
      expectedDateOfReturn: `2024-03-${String(n + 2).padStart(2, "0")}`,
    }));
    const response = await run(
      apiRecordsAction,
      buildRequest("/api/sop/AS15", { json: { entries }, token }),
      {
        format: "AS15",
      },
    );
    expect(response.status).toBe(201);
    const load = async (search: string) =>
      (
        await json<{ returns: { rows: ReturnRow[]; total: number; all: boolean } }>(
          await run(recordsLoader, buildRequest(`/as15/records${search}`, { cookie: user.cookie }), {
            format: "as15",
          }),
        )
      ).returns;
    const first = await load("");
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(25);
    expect(first.all).toBe(false);
    // Oldest expected return first.
    const expected = first.rows.map((row) => row.expected.split("/").reverse().join("-"));
    expect(expected).toEqual([...expected].sort());
    const all = await load("?returns=all");
    expect(all.rows).toHaveLength(all.total);
    expect(all.rows.map((row) => row.gatePassNo)).toEqual(
      expect.arrayContaining(entries.map((e) => e.gatePassNo)),
    );
  });
});

describe("POST /api/checklist (legacy AS11)", () => {
  const checklist = {
    date: "2025-01-02",
    lorryNo: "KA-01-AB-1234",
    transporter: "Swift Carriers",
    criteria: Array.from({ length: 15 }, (_, index) => ({
      status: index % 2 ? "No" : "Yes",
      remarks: `r${index}`,
    })),
    driverSignature: "Driver",
    prepareByOperator: "Operator",
    officerSignature: "",
  };

  it("saves an AS11 record and answers 201 {message, _id}", async () => {
    const response = await run(apiChecklist, buildRequest("/api/checklist", { json: checklist, token }));
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = await json<{ message: string; _id: string }>(response);
    expect(Object.keys(body).sort()).toEqual(["_id", "message"]);
    expect(body.message).toBe("Form saved successfully!");
    const [row] = await db.select().from(sopRecords).where(eq(sopRecords.id, body._id));
    expect(row).toMatchObject({ format: "AS11", recordDate: "2025-01-02", data: checklist });
    expect(row.summary).toBe("KA-01-AB-1234 · Swift Carriers");
    const fetched = await run(apiRecord, buildRequest(`/api/sop/AS11/${body._id}`, { token }), {
      format: "AS11",
      id: body._id,
    });
    expect(await json(fetched)).toMatchObject({ _id: body._id, ...checklist, createdBy: user.email });
  });

  it("accepts the cookie session too, and a checklist with only the required fields", async () => {
    const response = await run(
      apiChecklist,
      buildRequest("/api/checklist", {
        json: { date: "2025-01-03", lorryNo: "MH-12", transporter: "T" },
        cookie: user.cookie,
      }),
    );
    expect(response.status).toBe(201);
  });

  for (const field of ["date", "lorryNo", "transporter"] as const) {
    it(`answers 400 when ${field} is missing`, async () => {
      const { [field]: _left, ...rest } = checklist;
      const response = await run(apiChecklist, buildRequest("/api/checklist", { json: rest, token }));
      expect(response.status).toBe(400);
      const body = await json<{ message: string; errors: Record<string, string[]> }>(response);
      expect(body.errors[field]).toHaveLength(1);
      expect(body.message).toBe(body.errors[field][0]);
    });
  }

  it("answers 400 for a bad status or date, 415 for a non-JSON body, 401 without sign-in", async () => {
    const badStatus = await run(
      apiChecklist,
      buildRequest("/api/checklist", { json: { ...checklist, criteria: [{ status: "Maybe" }] }, token }),
    );
    expect(badStatus.status).toBe(400);
    expect(await json(badStatus)).toMatchObject({ errors: { "criteria.0.status": ["Choose Yes or No."] } });
    const badDate = await run(
      apiChecklist,
      buildRequest("/api/checklist", { json: { ...checklist, date: "02/01/2025" }, token }),
    );
    expect(badDate.status).toBe(400);
    const form = await run(
      apiChecklist,
      buildRequest("/api/checklist", {
        body: "date=2025-01-02",
        token,
        headers: { "content-type": "text/plain" },
      }),
    );
    expect(form.status).toBe(415);
    const anonymous = await run(apiChecklist, buildRequest("/api/checklist", { json: checklist }));
    expect(anonymous.status).toBe(401);
    expect(await json(anonymous)).toEqual({ message: "Authentication required" });
    const get = await run(apiChecklistLoader, buildRequest("/api/checklist", { token }));
    expect(get.status).toBe(405);
  });
});

describe("/api/sop rules", () => {
  it("401 without sign-in on every endpoint", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const answers = await Promise.all([
      run(apiRecords, buildRequest("/api/sop/AS11"), { format: "AS11" }),
      run(apiRecordsAction, buildRequest("/api/sop/AS11", { json: {} }), { format: "AS11" }),
      run(apiRecord, buildRequest(`/api/sop/AS11/${id}`), { format: "AS11", id }),
      run(apiRecordAction, buildRequest(`/api/sop/AS11/${id}`, { method: "PUT", json: {} }), {
        format: "AS11",
        id,
      }),
      run(apiRecordAction, buildRequest(`/api/sop/AS11/${id}`, { method: "DELETE" }), { format: "AS11", id }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it("404 for an unknown format or record, 400 with the contract's body for bad input", async () => {
    const unknown = await run(apiRecords, buildRequest("/api/sop/AS13", { token }), { format: "AS13" });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: "Format not found" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const missing = await run(apiRecord, buildRequest(`/api/sop/AS11/${id}`, { token }), {
        format: "AS11",
        id,
      });
      expect(missing.status).toBe(404);
      expect(await json(missing)).toEqual({ message: "Record not found" });
      const put = await run(
        apiRecordAction,
        buildRequest(`/api/sop/AS11/${id}`, { method: "PUT", json: { date: "2025-01-01" }, token }),
        { format: "AS11", id },
      );
      expect(put.status).toBe(404);
      const del = await run(
        apiRecordAction,
        buildRequest(`/api/sop/AS11/${id}`, { method: "DELETE", token }),
        {
          format: "AS11",
          id,
        },
      );
      expect(del.status).toBe(404);
    }
    const invalid = await run(
      apiRecordsAction,
      buildRequest("/api/sop/as08", {
        json: { entries: [{ date: "2025-01-01", lorryNo: "L1", invoiceQuantity: -1 }] },
        token,
      }),
      { format: "as08" },
    );
    expect(invalid.status).toBe(400);
    expect(await json(invalid)).toEqual({
      message: "Enter a number of 0 or more.",
      errors: { "entries.0.invoiceQuantity": ["Enter a number of 0 or more."] },
    });
    const notObject = await run(apiRecordsAction, buildRequest("/api/sop/AS17", { json: [1, 2], token }), {
      format: "AS17",
    });
    expect(notObject.status).toBe(400);
    const badRange = await run(apiRecords, buildRequest("/api/sop/AS17?from=yesterday", { token }), {
      format: "AS17",
    });
    expect(badRange.status).toBe(400);
  });

  it("a PUT without version overwrites (legacy clients); a bad version is 400", async () => {
    const created = await json<{ _id: string }>(
      await run(apiRecordsAction, buildRequest("/api/sop/AS17", { json: { date: "2025-01-01" }, token }), {
        format: "AS17",
      }),
    );
    const params = { format: "AS17", id: created._id };
    const plain = await run(
      apiRecordAction,
      buildRequest(`/api/sop/AS17/${created._id}`, { method: "PUT", json: { date: "2025-01-05" }, token }),
      params,
    );
    expect(plain.status).toBe(200);
    expect(await json(plain)).toMatchObject({ date: "2025-01-05", recordDate: "2025-01-05", version: 2 });
    const bad = await run(
      apiRecordAction,
      buildRequest(`/api/sop/AS17/${created._id}`, {
        method: "PUT",
        json: { date: "2025-01-05", version: "x" },
        token,
      }),
      params,
    );
    expect(bad.status).toBe(400);
  });
});
