import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deniedMessage, NOT_YOURS_TODAY_MESSAGE } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { action as apiRecordAction } from "#app/sop/routes/api-record.ts";
import { action as apiRecordsAction } from "#app/sop/routes/api-records.ts";
import { action as deleteAction, loader as deleteLoader } from "#app/sop/routes/delete.tsx";
import { action as editAction, loader as editLoader } from "#app/sop/routes/edit.tsx";
import { loader as recordLoader } from "#app/sop/routes/record.tsx";
import { loader as recordsLoader } from "#app/sop/routes/records.tsx";
import { sopRecords } from "#app/sop/table.server.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 16: a guard fills in SOP formats and may change only the records they entered themselves on
// the plant's today; another's record, or an older one of their own, they can open and print only.
// Every route × role is walked in tests/reliability/auth-matrix.test.ts; here, the rule on real records.

const definition = findFormat("AS11")!;
const format = "as11";

await signedInUser(); // the first account of the file's database is the admin
async function userWithRole(role: Role) {
  const user = await signedInUser();
  await db.update(users).set({ role }).where(eq(users.email, user.email));
  return { ...user, token: await apiToken(user) };
}
const guard = await userWithRole("guard");
const otherGuard = await userWithRole("guard");
const staff = await userWithRole("staff");
const viewer = await userWithRole("viewer");

async function recordBy(user: { token: string }, marker: string) {
  const created = await run(
    apiRecordsAction,
    buildRequest(`/api/sop/${format}`, { json: sampleRecord(definition, marker), token: user.token }),
    { format },
  );
  expect(created.status).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** Moves a record's entry back to yesterday (plant zone is Asia/Kolkata in the tests). */
const ageByADay = (id: string) =>
  db
    .update(sopRecords)
    .set({ createdAt: sql`${sopRecords.createdAt} - interval '1 day'` })
    .where(eq(sopRecords.id, id));

const page = (path: string, user: { cookie: string }, form?: Record<string, string>) =>
  buildRequest(path, { cookie: user.cookie, form });
const recordPath = (id: string) => `/AS11/records/${id}`;

describe("a guard and the SOP records", () => {
  it("changes their own record of today: the edit page opens, the API update and the delete go through", async () => {
    const id = await recordBy(guard, "own today");
    expect((await run(editLoader, page(`${recordPath(id)}/edit`, guard), { format, id })).status).toBe(200);
    const opened = await run(recordLoader, page(recordPath(id), guard), { format, id });
    expect(((await opened.json()) as { mayChange: boolean }).mayChange).toBe(true);

    const updated = await run(
      apiRecordAction,
      buildRequest(`/api/sop/${format}/${id}`, {
        method: "PUT",
        json: sampleRecord(definition, "own today, corrected"),
        token: guard.token,
      }),
      { format, id },
    );
    expect(updated.status).toBe(200);

    const deleted = await run(deleteAction, page(`${recordPath(id)}/delete`, guard, {}), { format, id });
    expect(deleted.status).toBe(302);
  });

  it("cannot change another's record: 403 on the edit and delete pages, their actions and the API", async () => {
    const id = await recordBy(otherGuard, "another guard's");
    const params = { format, id };
    for (const [handler, path, form] of [
      [editLoader, `${recordPath(id)}/edit`, undefined],
      [editAction, `${recordPath(id)}/edit`, { lorryNo: "X" }],
      [deleteLoader, `${recordPath(id)}/delete`, undefined],
      [deleteAction, `${recordPath(id)}/delete`, {}],
    ] as const) {
      const answer = await run(handler, page(path, guard, form), params);
      expect(answer.status, path).toBe(403);
      expect(await answer.text()).toBe(NOT_YOURS_TODAY_MESSAGE);
    }
    for (const method of ["PUT", "DELETE"]) {
      const answer = await run(
        apiRecordAction,
        buildRequest(`/api/sop/${format}/${id}`, {
          method,
          json: method === "PUT" ? {} : undefined,
          token: guard.token,
        }),
        params,
      );
      expect(answer.status, method).toBe(403);
      expect(((await answer.json()) as { message: string }).message).toBe(NOT_YOURS_TODAY_MESSAGE);
    }
    // They still open it, with no Edit or Delete offered.
    const opened = await run(recordLoader, page(recordPath(id), guard), params);
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { mayChange: boolean }).mayChange).toBe(false);
    expect(await db.select().from(sopRecords).where(eq(sopRecords.id, id))).toHaveLength(1);
  });

  it("cannot change their own record of an earlier day, which staff still can", async () => {
    const id = await recordBy(guard, "own yesterday");
    await ageByADay(id);
    const params = { format, id };
    expect((await run(editLoader, page(`${recordPath(id)}/edit`, guard), params)).status).toBe(403);
    const viaApi = await run(
      apiRecordAction,
      buildRequest(`/api/sop/${format}/${id}`, { method: "DELETE", token: guard.token }),
      params,
    );
    expect(viaApi.status).toBe(403);
    expect((await run(editLoader, page(`${recordPath(id)}/edit`, staff), params)).status).toBe(200);
  });

  it("the records list offers Edit and Delete only on the guard's own records of today", async () => {
    const marker = `list ${Math.random().toString(36).slice(2, 8)}`;
    const own = await recordBy(guard, `${marker} own`);
    const others = await recordBy(otherGuard, `${marker} other`);
    const list = await run(recordsLoader, page(`/AS11/records?q=${encodeURIComponent(marker)}`, guard), {
      format,
    });
    const { records } = (await list.json()) as { records: { id: string; mayChange: boolean }[] };
    expect(Object.fromEntries(records.map((row) => [row.id, row.mayChange]))).toEqual({
      [own]: true,
      [others]: false,
    });
  });
});

describe("a viewer and the SOP records", () => {
  it("opens a record but gets 403 for its edit page, the save and the API update", async () => {
    const id = await recordBy(staff, "for the viewer");
    const params = { format, id };
    expect((await run(recordLoader, page(recordPath(id), viewer), params)).status).toBe(200);
    const edit = await run(editLoader, page(`${recordPath(id)}/edit`, viewer), params);
    expect(edit.status).toBe(403);
    expect(await edit.text()).toBe(deniedMessage("viewer", "read"));
    const save = await run(editAction, page(`${recordPath(id)}/edit`, viewer, { lorryNo: "X" }), params);
    expect(save.status).toBe(403);
    expect(await save.text()).toBe(deniedMessage("viewer", "write"));
    const viaApi = await run(
      apiRecordAction,
      buildRequest(`/api/sop/${format}/${id}`, { method: "PUT", json: {}, token: viewer.token }),
      params,
    );
    expect(viaApi.status).toBe(403);
    expect(((await viaApi.json()) as { message: string }).message).toBe(deniedMessage("viewer", "write"));
  });
});
