import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HISTORY_CAP } from "#app/audit/history.server.ts";
import type { HistoryView } from "#app/audit/history.tsx";
import { audit } from "#app/audit/log.server.ts";
import type { AuditRowView } from "#app/audit-trail/line.tsx";
import { loader as auditLoader } from "#app/audit-trail/routes/audit.tsx";
import { loader as auditPrintLoader } from "#app/audit-trail/routes/print.tsx";
import { changeRole } from "#app/auth/accounts.server.ts";
import { recordHistory } from "#app/auth/history.server.ts";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { contractHistory } from "#app/contracts/history.ts";
import { createContract, deleteContract, updateContract } from "#app/contracts/queries.server.ts";
import { loader as contractPage, action as contractSave } from "#app/contracts/routes/update.tsx";
import { db } from "#app/db/client.server.ts";
import { deleteFile, insertFiles, updateFile } from "#app/file-index/queries.server.ts";
import { loader as filePage } from "#app/file-index/routes/update-file.tsx";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { sopRecordHistory } from "#app/sop/history.ts";
import { action as apiRecordAction } from "#app/sop/routes/api-record.ts";
import { action as apiRecordsAction } from "#app/sop/routes/api-records.ts";
import { loader as sopRecordPage } from "#app/sop/routes/record.tsx";
import { createLine, deleteLine, updateLine } from "#app/spares/queries.server.ts";
import { loader as linePage } from "#app/spares/routes/update.tsx";
import { createRackItem, deleteRackItem, updateRackItem } from "#app/store-racks/queries.server.ts";
import { loader as rackItemPage } from "#app/store-racks/routes/update.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 17 "History": a record's page shows who changed what and when, field by field, from the
// audit log; /audit lists every change for the audit area, filtered and paged on the server.

const ZONE = "Asia/Kolkata";
const admin = await signedInUser(); // the first account of the file's database is the admin
const [adminRow] = await db
  .update(users)
  .set({ name: "Asha Admin" })
  .where(eq(users.email, admin.email))
  .returning();
const adminToken = await apiToken(admin);

async function userWithRole(role: Role) {
  const user = await signedInUser();
  const [row] = await db.update(users).set({ role }).where(eq(users.email, user.email)).returning();
  return { ...user, id: row.id, token: await apiToken(user) };
}
const staff = await userWithRole("staff"); // no name: shown by e-mail
const viewer = await userWithRole("viewer");
const guard = await userWithRole("guard");

type PageWithHistory = { history: HistoryView | null };
const get = (path: string, user: { cookie: string }) => buildRequest(path, { cookie: user.cookie });
async function historyOn(
  loader: Parameters<typeof run>[0],
  path: string,
  params: Record<string, string>,
  user: { cookie: string } = admin,
) {
  const response = await run(loader, get(path, user), params);
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as PageWithHistory;
  if (!body.history) throw new Error(`${path} sent no history`);
  return body.history;
}

type AuditPage = { rows: AuditRowView[]; view: { total: number; page: number }; problems: string[] };
async function auditPage(search = "", user: { cookie: string } = admin) {
  const response = await run(auditLoader, get(`/audit${search}`, user));
  expect(response.status, search).toBe(200);
  return (await response.json()) as AuditPage;
}

const contractInput = (equipment: string) => ({
  equipment,
  company: "Kirloskar",
  validityFrom: "2026-04-01",
  validityTo: "2027-03-31",
  pms: "Quarterly" as const,
  contractNumber: "AMC/7",
});

describe("a record's history on its page", () => {
  it("a contract: created and changed, newest first, field by field with the form's labels, by the users' names", async () => {
    const created = await createContract(db, contractInput("Fire pump A"), adminRow.id);
    const saved = await run(
      contractSave,
      buildRequest(`/amcupdate/${created._id}`, {
        cookie: staff.cookie,
        form: {
          equipment: "Fire pump A",
          company: "Atlas Copco",
          validityFrom: "2026-04-01",
          validityTo: "2028-03-31",
          pms: "Quarterly",
          contractNumber: "AMC/7",
          version: "1",
        },
      }),
      { id: created._id },
    );
    expect(saved.status).toBe(302);

    const history = await historyOn(contractPage, `/amcupdate/${created._id}`, { id: created._id });
    expect(history.total).toBe(2);
    expect(history.entries.map((entry) => [entry.action, entry.who])).toEqual([
      ["update", staff.email],
      ["create", "Asha Admin"],
    ]);
    expect(history.entries[0].changes).toEqual([
      { path: "company", label: "Company", before: "Kirloskar", after: "Atlas Copco" },
      { path: "validity.to", label: "Validity To", before: "31/03/2027", after: "31/03/2028" },
    ]);
    expect(history.entries[1].changes).toContainEqual({
      path: "validity.from",
      label: "Validity From",
      before: "—",
      after: "01/04/2026",
    });
    expect(history.entries[0].at).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  });

  it("a long history shows the newest ten, and all of them with ?history=all", async () => {
    const created = await createContract(db, contractInput("Compressor B"), adminRow.id);
    for (let n = 1; n <= HISTORY_CAP + 2; n++)
      await updateContract(
        db,
        created._id,
        { ...contractInput("Compressor B"), contractNumber: `AMC/${n}` },
        staff.id,
      );
    const capped = await historyOn(contractPage, `/amcupdate/${created._id}`, { id: created._id });
    expect(capped).toMatchObject({ total: HISTORY_CAP + 3, all: false });
    expect(capped.entries).toHaveLength(HISTORY_CAP);
    expect(capped.entries[0].changes).toEqual([
      {
        path: "contractNumber",
        label: "Contract Number",
        before: `AMC/${HISTORY_CAP + 1}`,
        after: `AMC/${HISTORY_CAP + 2}`,
      },
    ]);
    const all = await historyOn(contractPage, `/amcupdate/${created._id}?history=all`, { id: created._id });
    expect(all).toMatchObject({ total: HISTORY_CAP + 3, all: true });
    expect(all.entries).toHaveLength(HISTORY_CAP + 3);
    expect(all.entries.at(-1)?.action).toBe("create");
  });

  it("a rack item", async () => {
    const created = await createRackItem(
      db,
      7,
      { section: "A", materialName: "Gasket 40 mm" },
      { availableStock: 1200, issue: 0, receipt: 0 },
      adminRow.id,
    );
    if (!created.ok) throw new Error(created.message);
    const item = created.item;
    // Stock moves through the ledger now (its own history is the stock card); the item's page
    // history shows the fields its form edits.
    await updateRackItem(
      db,
      7,
      item._id,
      { section: "A", materialName: "Gasket 50 mm" },
      undefined,
      staff.id,
    );
    const history = await historyOn(rackItemPage, `/rackupdate/7/${item._id}`, {
      rackNumber: "7",
      id: item._id,
    });
    expect(history.entries.map((entry) => entry.action)).toEqual(["update", "create"]);
    expect(history.entries[0].changes).toEqual([
      { path: "materialName", label: "Material Name", before: "Gasket 40 mm", after: "Gasket 50 mm" },
    ]);
  });

  it("a spares line", async () => {
    const created = await createLine(
      db,
      "Electrician",
      {
        srno: 901,
        Assets: "DG set",
        ComponentsAndEquipments: "MCB 32 A",
        AvailableStock: 4,
        MinStock: 2,
        LeadTime: 10,
      },
      adminRow.id,
    );
    if (!created.ok) throw new Error("line not created");
    await updateLine(db, "Electrician", created.line._id, { MinStock: 6 }, staff.id);
    const id = created.line._id;
    const history = await historyOn(linePage, `/updateproduct/Electrician/${id}`, {
      department: "Electrician",
      id,
    });
    expect(history.entries[0].who).toBe(staff.email);
    expect(history.entries[0].changes).toEqual(
      expect.arrayContaining([
        { path: "MinStock", label: "Min Stock", before: "2", after: "6" },
        { path: "ExcessShortFall", label: "Excess/Short Fall", before: "2", after: "-2" },
      ]),
    );
    expect(history.entries[1].changes).toContainEqual({
      path: "ComponentsAndEquipments",
      label: "Components/Equipments",
      before: "—",
      after: "MCB 32 A",
    });
  });

  it("a file of the file index", async () => {
    const inserted = await insertFiles(db, "Rack1A", [{ id: 4711, name: "Boiler licence" }], adminRow.id);
    if (!inserted.ok) throw new Error("file not inserted");
    const file = inserted.files[0];
    await updateFile(db, "Rack1A", file._id, { name: "Boiler licence 2026" }, staff.id);
    const history = await historyOn(filePage, `/rackadmin/racks/Rack1A/${file._id}`, {
      rackName: "Rack1A",
      id: file._id,
    });
    expect(history.entries[0].changes).toEqual([
      { path: "name", label: "File Name", before: "Boiler licence", after: "Boiler licence 2026" },
    ]);
    expect(history.entries[1].changes.map((change) => change.label)).toEqual([
      "Rack",
      "File ID",
      "File Name",
    ]);
  });

  it("a SOP record: the paper's fields by their labels on the paper", async () => {
    const definition = findFormat("AS11")!;
    const created = await run(
      apiRecordsAction,
      buildRequest("/api/sop/as11", { json: sampleRecord(definition, "first"), token: staff.token }),
      { format: "as11" },
    );
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { _id: string })._id;
    const changed = await run(
      apiRecordAction,
      buildRequest(`/api/sop/as11/${id}`, {
        method: "PUT",
        json: sampleRecord(definition, "second"),
        token: adminToken,
      }),
      { format: "as11", id },
    );
    expect(changed.status).toBe(200);
    const history = await historyOn(sopRecordPage, `/AS11/records/${id}`, { format: "AS11", id }, guard);
    expect(history.entries.map((entry) => [entry.action, entry.who])).toEqual([
      ["update", "Asha Admin"],
      ["create", staff.email],
    ]);
    expect(history.entries[0].changes).toContainEqual({
      path: "data.lorryNo",
      label: "Box lorry number",
      before: "first Box lorry number",
      after: "second Box lorry number",
    });
    // A checklist's answer is labelled by its item and column on the paper, not by where it is stored.
    const answers = history.entries[0].changes.filter((change) => change.path.startsWith("data.criteria."));
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.label).toMatch(/^(?!Criteria).+ · .+/);
  });
});

describe("who may see a history", () => {
  it("only a user who may read the record's area gets it", async () => {
    const created = await createContract(db, contractInput("Hydrant pump"), adminRow.id);
    const url = new URL(`http://plant.test/amcupdate/${created._id}`);
    expect(await recordHistory(db, { role: "guard" }, contractHistory, created._id, url)).toBeNull();
    expect(await recordHistory(db, { role: "viewer" }, contractHistory, created._id, url)).not.toBeNull();
    expect(await recordHistory(db, { role: "guard" }, sopRecordHistory, created._id, url)).not.toBeNull();
  });

  it("/audit and its print view are refused to staff and guards, open to admins and viewers", async () => {
    for (const user of [staff, guard]) {
      expect((await run(auditLoader, get("/audit", user))).status).toBe(403);
      expect((await run(auditPrintLoader, get("/audit/print", user))).status).toBe(403);
    }
    expect((await run(auditLoader, get("/audit", viewer))).status).toBe(200);
    expect((await run(auditPrintLoader, get("/audit/print", admin))).status).toBe(200);
  });
});

describe("/audit", () => {
  it("lists every change newest first, with deletions, linking only records that still exist", async () => {
    const kept = await createContract(db, contractInput("Kept pump"), adminRow.id);
    const gone = await createContract(db, contractInput("Gone pump"), adminRow.id);
    await deleteContract(db, gone._id, staff.id);
    const { rows } = await auditPage("?type=contract&size=50");
    expect(rows.length).toBeGreaterThan(3);
    const deleted = rows.find((row) => row.entityId === gone._id && row.action === "delete");
    expect(deleted).toMatchObject({
      who: staff.email,
      typeLabel: "Contract",
      title: "Gone pump · Kirloskar",
      href: null,
    });
    expect(deleted?.changes).toContainEqual({
      path: "equipment",
      label: "Equipment",
      before: "Gone pump",
      after: "—",
    });
    expect(rows.indexOf(deleted!)).toBeLessThan(
      rows.findIndex((row) => row.entityId === gone._id && row.action === "create"),
    );
    expect(rows.find((row) => row.entityId === kept._id)?.href).toBe(`/amcupdate/${kept._id}`);
    // A contract's page shows its history: a row cut short links to all of it there.
    expect(rows.find((row) => row.entityId === kept._id)?.historyHref).toBe(
      `/amcupdate/${kept._id}?history=all#history`,
    );
    expect(deleted?.historyHref).toBeNull();
    expect(rows.every((row) => row.entity === "contract")).toBe(true);
  });

  it("filters by user and by the plant's days", async () => {
    const byStaff = await auditPage(`?user=${staff.id}`);
    expect(byStaff.view.total).toBeGreaterThan(0);
    expect(byStaff.rows.every((row) => row.who === staff.email)).toBe(true);
    const today = dateInZone(new Date(), ZONE);
    expect((await auditPage(`?from=${today}&to=${today}`)).view.total).toBeGreaterThan(0);
    expect((await auditPage(`?from=${addDays(today, 1)}`)).view.total).toBe(0);
    expect((await auditPage(`?to=${addDays(today, -1)}`)).view.total).toBe(0);
  });

  it("pages on the server, and a page past the end answers the last page", async () => {
    const files = Array.from({ length: 55 }, (_, index) => ({ id: 5000 + index, name: `Register ${index}` }));
    const inserted = await insertFiles(db, "Rack2B", files, adminRow.id);
    expect(inserted.ok).toBe(true);
    const first = await auditPage("?type=rack_file&size=50");
    expect(first.rows).toHaveLength(50);
    const total = first.view.total;
    expect(total).toBeGreaterThanOrEqual(55);
    const second = await auditPage("?type=rack_file&size=50&page=2");
    expect(second.rows).toHaveLength(total - 50);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(total);
    expect((await auditPage("?type=rack_file&size=50&page=99")).view.page).toBe(2);
  });

  it("searches what the entries hold, even of a deleted record", async () => {
    const created = await createRackItem(
      db,
      3,
      { section: "B", materialName: "Valve seat Zq9" },
      { availableStock: 2, issue: 0, receipt: 0 },
      adminRow.id,
    );
    if (!created.ok) throw new Error(created.message);
    const item = created.item;
    await deleteRackItem(db, 3, item._id, adminRow.id);
    const found = await auditPage("?q=seat%20zq9");
    expect(found.rows.map((row) => row.action).sort()).toEqual(["create", "delete"]);
    expect(found.rows[0]).toMatchObject({
      typeLabel: "Rack item",
      title: "Rack 3 · Valve seat Zq9",
      href: null,
    });
  });

  it("shows a stock movement by its kind, quantity and item from the entry itself", async () => {
    await db.transaction((tx) =>
      audit(tx, {
        userId: adminRow.id,
        action: "create",
        entity: "stock_movement",
        entityId: crypto.randomUUID(),
        after: {
          kind: "issue",
          quantity: 3,
          materialName: "Gasket 40 mm",
          date: "2026-11-20",
          issuedTo: "Boiler",
        },
      }),
    );
    const { rows } = await auditPage("?type=stock_movement");
    expect(rows[0]).toMatchObject({ typeLabel: "Stock movement", title: "issue · 3 · Gasket 40 mm" });
    expect(rows[0].changes).toEqual([
      { path: "kind", label: "Kind", before: "—", after: "issue" },
      { path: "quantity", label: "Quantity", before: "—", after: "3" },
      { path: "materialName", label: "Material Name", before: "—", after: "Gasket 40 mm" },
      { path: "date", label: "Date", before: "—", after: "20/11/2026" },
      { path: "issuedTo", label: "Issued to", before: "—", after: "Boiler" },
    ]);
  });

  it("names a user whose change holds only the changed field (a role) by their e-mail", async () => {
    const someone = await signedInUser();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, someone.email));
    await changeRole(db, row.id, "viewer", adminRow.id);
    const { rows } = await auditPage(`?type=user&user=${adminRow.id}`);
    expect(rows[0]).toMatchObject({
      title: someone.email,
      href: `/users/${row.id}`,
      historyHref: null,
      who: "Asha Admin",
    });
    // The role in its words, as /users shows it (and so in the person's language).
    expect(rows[0].changes).toEqual([
      { path: "role", label: "Role", before: "Staff", after: "Viewer", worded: true },
    ]);
  });

  it("bad filters in the address are named and left out, never a 5xx", async () => {
    const page = await auditPage("?from=31-12-2026&user=nobody&type=secrets&page=-4&size=7&sort=drop");
    expect(page.problems).toEqual([
      "That user is not known: the user filter was left out.",
      "From is not a date (YYYY-MM-DD): it was left out.",
    ]);
    expect(page.view.page).toBe(1);
  });

  it("the print view lists the filtered log whole, with the filters named", async () => {
    const response = await run(auditPrintLoader, get("/audit/print?type=rack_file", admin));
    const body = (await response.json()) as {
      rows: AuditRowView[];
      filters: { label: string; value: string }[];
    };
    expect(body.rows.length).toBeGreaterThanOrEqual(55);
    expect(body.rows.every((row) => row.entity === "rack_file")).toBe(true);
    expect(body.filters).toEqual([{ label: "Record type", value: "File" }]);
  });

  it("newest-first paging uses the created_at index", async () => {
    await db.execute("set enable_seqscan = off");
    const plan = await db.execute(
      "explain select id from audit_log order by created_at desc, id desc limit 100",
    );
    await db.execute("reset enable_seqscan");
    expect(JSON.stringify(plan)).toContain("audit_log_created_idx");
  });
});

describe("deleted records", () => {
  it("their last entry keeps what they held", async () => {
    const created = await createLine(
      db,
      "FireFight",
      {
        srno: 77,
        Assets: "Hydrant",
        ComponentsAndEquipments: "Hose 63 mm",
        AvailableStock: 3,
        MinStock: 1,
        LeadTime: 5,
      },
      adminRow.id,
    );
    if (!created.ok) throw new Error("line not created");
    expect(await deleteLine(db, "FireFight", created.line._id, staff.id)).toBe("deleted");
    const inserted = await insertFiles(db, "Rack1B", [{ id: 12, name: "Old file" }], adminRow.id);
    if (!inserted.ok) throw new Error("file not inserted");
    expect(await deleteFile(db, "Rack1B", inserted.files[0]._id, staff.id)).toBe(true);
    const { rows } = await auditPage("?q=Hose%2063");
    expect(rows[0]).toMatchObject({ action: "delete", title: "FireFight · 77 · Hose 63 mm", href: null });
    expect(rows[0].changes).toContainEqual({
      path: "Assets",
      label: "Assets",
      before: "Hydrant",
      after: "—",
    });
    const file = await auditPage("?q=Old%20file&type=rack_file");
    expect(file.rows.map((row) => [row.action, row.who])).toEqual([
      ["delete", staff.email],
      ["create", "Asha Admin"],
    ]);
  });
});
