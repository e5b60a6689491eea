import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as apiIndex } from "#app/api/routes/index.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { action as rackApiAction, loader as rackApiLoader } from "#app/file-index/routes/api-file-rack.ts";
import {
  action as rackFileApiAction,
  loader as rackFileApiLoader,
} from "#app/file-index/routes/api-file-rack-file.ts";
import { action as deleteAction, loader as deleteLoader } from "#app/file-index/routes/delete-file.tsx";
import { loader as printLoader } from "#app/file-index/routes/print-index.tsx";
import { action as rackAdminAction, loader as rackAdminLoader } from "#app/file-index/routes/rackadmin.tsx";
import { action as updateAction, loader as updateLoader } from "#app/file-index/routes/update-file.tsx";
import type { RackFile, RackView } from "#app/file-index/rules.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { buildRequest, cookiesFrom, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The file index against a real PostgreSQL: every /api/racks row of the legacy API contract, and the
// Admin Racks page's loaders and actions (insert, update, delete, search, print).

type ApiFile = { _id: string; id: number; name: string };
type RackDoc = { name: string; files: ApiFile[] };

let cookie: string;
let token: string;

beforeAll(async () => {
  const user = await signedInUser();
  cookie = user.cookie;
  token = await apiToken(user);
});

// Each test uses its own numbers so the tests of this file never meet.
let nextNumber = 100;
const number = () => nextNumber++;

async function apiInsert(
  rackName: string,
  files: unknown,
  auth: { token?: string; cookie?: string } = { token },
) {
  return run(rackApiAction, buildRequest(`/api/racks/${rackName}`, { json: files, ...auth }), { rackName });
}

async function insertOne(rackName: string, name: string, id = number()) {
  const response = await apiInsert(rackName, { files: [{ id, name }] });
  expect(response.status).toBe(201);
  const body = (await response.json()) as RackDoc;
  return body.files.find((file) => file.id === id)!;
}

async function apiList(rackName: string) {
  return run(rackApiLoader, buildRequest(`/api/racks/${rackName}`, { token }), { rackName });
}

const fileRequest = (rackName: string, id: string, options: Parameters<typeof buildRequest>[1] = {}) =>
  buildRequest(`/api/racks/${rackName}/${id}`, { token, ...options });

describe("/api/racks/{rackName}", () => {
  it("answers 401 without a session or token, on every row", async () => {
    const id = randomUUID();
    const calls = [
      run(rackApiLoader, buildRequest("/api/racks/Rack1A"), { rackName: "Rack1A" }),
      run(rackApiAction, buildRequest("/api/racks/Rack1A", { json: { files: [{ id: 1, name: "x" }] } }), {
        rackName: "Rack1A",
      }),
      run(rackFileApiLoader, buildRequest(`/api/racks/Rack1A/${id}`), { rackName: "Rack1A", id }),
      run(
        rackFileApiAction,
        buildRequest(`/api/racks/Rack1A/${id}`, { method: "PUT", json: { name: "x" } }),
        {
          rackName: "Rack1A",
          id,
        },
      ),
      run(rackFileApiAction, buildRequest(`/api/racks/Rack1A/${id}`, { method: "DELETE" }), {
        rackName: "Rack1A",
        id,
      }),
      run(rackApiLoader, buildRequest("/api/racks/Rack1A", { token: "not-a-token" }), { rackName: "Rack1A" }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Authentication required" });
    }
    expect(await db.select().from(rackFiles).where(eq(rackFiles.fileNumber, 1))).toHaveLength(0);
  });

  it("lists an empty rack as one rack document with no files", async () => {
    const response = await apiList("Rack2D");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual([{ name: "Rack2D", files: [] }]);
  });

  it("inserts a file (201 {name, files}) and lists the rack's files sorted by number", async () => {
    const created = await apiInsert("Rack1B", { files: [{ id: 30, name: "  Weighbridge stamping " }] });
    expect(created.status).toBe(201);
    const body = (await created.json()) as RackDoc;
    expect(body.name).toBe("Rack1B");
    expect(body.files).toEqual([{ _id: expect.any(String), id: 30, name: "Weighbridge stamping" }]);
    await apiInsert("Rack1B", { files: [{ id: 4, name: "Boiler licence" }] });
    await apiInsert("Rack1B", { files: [{ id: 12, name: "Fire NOC" }] });

    const listed = (await (await apiList("Rack1B")).json()) as RackDoc[];
    expect(listed).toHaveLength(1);
    expect(listed[0].name).toBe("Rack1B");
    expect(listed[0].files.map((file) => [file.id, file.name])).toEqual([
      [4, "Boiler licence"],
      [12, "Fire NOC"],
      [30, "Weighbridge stamping"],
    ]);
    for (const file of listed[0].files) expect(Object.keys(file).sort()).toEqual(["_id", "id", "name"]);
    // Other racks are not touched.
    expect(await (await apiList("Rack1C")).json()).toEqual([{ name: "Rack1C", files: [] }]);
  });

  it("accepts the session cookie as well as the Bearer token", async () => {
    const response = await apiInsert(
      "Rack1D",
      { files: [{ id: number(), name: "Cookie file" }] },
      { cookie },
    );
    expect(response.status).toBe(201);
    const list = await run(rackApiLoader, buildRequest("/api/racks/Rack1D", { cookie }), {
      rackName: "Rack1D",
    });
    expect(JSON.stringify(await list.json())).toContain("Cookie file");
  });

  it("answers 400 with the spec's messages for missing or bad fields, and saves nothing", async () => {
    const cases: [unknown, string][] = [
      [{ files: [{ id: 5 }] }, "Both fields are required."],
      [{ files: [{ name: "No number" }] }, "Both fields are required."],
      [{ files: [{ id: 5, name: "   " }] }, "Both fields are required."],
      [{ files: [] }, "Both fields are required."],
      [{}, "Both fields are required."],
      [{ files: [{ id: 2.5, name: "Half" }] }, "File ID must be a whole number from 1 to 999999."],
      [{ files: [{ id: "seven", name: "Words" }] }, "File ID must be a whole number from 1 to 999999."],
      [{ files: [{ id: 5, name: "x".repeat(201) }] }, "File name must be at most 200 characters."],
    ];
    for (const [body, message] of cases) {
      const response = await apiInsert("Rack2A", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(answer.message).toBe(message);
      expect(Object.keys(answer.errors).length).toBeGreaterThan(0);
    }
    expect(await (await apiList("Rack2A")).json()).toEqual([{ name: "Rack2A", files: [] }]);
  });

  it("answers 415 for a body that is not JSON and 400 for malformed JSON", async () => {
    const form = await run(
      rackApiAction,
      buildRequest("/api/racks/Rack2A", { form: { id: "1", name: "x" }, token }),
      { rackName: "Rack2A" },
    );
    expect(form.status).toBe(415);
    const broken = await run(
      rackApiAction,
      buildRequest("/api/racks/Rack2A", {
        body: "{not json",
        token,
        headers: { "content-type": "application/json" },
      }),
      { rackName: "Rack2A" },
    );
    expect(broken.status).toBe(400);
  });

  it("refuses a number already used in that rack (409, clear message) but allows it in another rack", async () => {
    const id = number();
    await insertOne("Rack1C", "First holder", id);
    const duplicate = await apiInsert("Rack1C", { files: [{ id, name: "Second holder" }] });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: `File ID ${id} is already used in Rack1C.` });
    const repeated = await apiInsert("Rack1C", {
      files: [
        { id: id + 1000, name: "A" },
        { id: id + 1000, name: "B" },
      ],
    });
    expect(repeated.status).toBe(409);
    expect(((await repeated.json()) as { message: string }).message).toBe(
      `File ID ${id + 1000} is already used in Rack1C.`,
    );
    const names = (await db.select().from(rackFiles).where(eq(rackFiles.rackName, "Rack1C"))).map(
      (r) => r.name,
    );
    expect(names).toEqual(["First holder"]);
    const elsewhere = await apiInsert("Rack2C", { files: [{ id, name: "Same number, other rack" }] });
    expect(elsewhere.status).toBe(201);
  });

  it("answers 404 for an unknown rack name (exact case) and 405 for other methods", async () => {
    for (const rackName of ["Rack3A", "rack1a", "Rack1E"]) {
      const list = await run(rackApiLoader, buildRequest(`/api/racks/${rackName}`, { token }), { rackName });
      expect(list.status).toBe(404);
      expect(await list.json()).toEqual({ message: "Rack not found" });
      const insert = await apiInsert(rackName, { files: [{ id: 1, name: "x" }] });
      expect(insert.status).toBe(404);
    }
    const put = await run(
      rackApiAction,
      buildRequest("/api/racks/Rack1A", { method: "PUT", json: {}, token }),
      {
        rackName: "Rack1A",
      },
    );
    expect(put.status).toBe(405);
  });
});

describe("/api/racks/{rackName}/{_id}", () => {
  it("reads one file as {_id, id, name}", async () => {
    const file = await insertOne("Rack1A", "Pressure vessel certificate");
    const response = await run(rackFileApiLoader, fileRequest("Rack1A", file._id), {
      rackName: "Rack1A",
      id: file._id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      _id: file._id,
      id: file.id,
      name: "Pressure vessel certificate",
    });
    expect(response.headers.get("etag")).toBe('"1"');
  });

  it("answers 404 for an unknown id, a malformed id, the wrong rack and an unknown rack", async () => {
    const file = await insertOne("Rack1A", "Only in 1A");
    const cases = [
      { rackName: "Rack1A", id: randomUUID(), message: "File not found" },
      { rackName: "Rack1A", id: "not-a-uuid", message: "File not found" },
      { rackName: "Rack1B", id: file._id, message: "File not found" },
      { rackName: "Rack9Z", id: file._id, message: "Rack not found" },
    ];
    for (const { rackName, id, message } of cases) {
      for (const [handler, method, json] of [
        [rackFileApiLoader, "GET", undefined],
        [rackFileApiAction, "PUT", { name: "x" }],
        [rackFileApiAction, "DELETE", undefined],
      ] as const) {
        const response = await run(handler, fileRequest(rackName, id, { method, json }), { rackName, id });
        expect(response.status, `${method} ${rackName}/${id}`).toBe(404);
        expect(await response.json()).toEqual({ message });
      }
    }
    // The file is untouched by the wrong-rack calls.
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row.name).toBe("Only in 1A");
  });

  it("renames a file: {message: 'File updated successfully', file}, and audits it", async () => {
    const file = await insertOne("Rack2B", "Old name");
    const response = await run(
      rackFileApiAction,
      fileRequest("Rack2B", file._id, { method: "PUT", json: { name: "  New name  " } }),
      { rackName: "Rack2B", id: file._id },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "File updated successfully",
      file: { _id: file._id, id: file.id, name: "New name" },
    });
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row).toMatchObject({ name: "New name", version: 2, fileNumber: file.id });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, file._id), eq(auditLog.entity, "rack_file")))
      .orderBy(auditLog.createdAt);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(entries[1].before).toMatchObject({ name: "Old name", rackName: "Rack2B" });
    expect(entries[1].after).toMatchObject({ name: "New name", version: 2 });
  });

  it("refuses a blank name with 'File name cannot be empty.' (400)", async () => {
    const file = await insertOne("Rack2B", "Keeps its name");
    for (const json of [{ name: "   " }, {}, { name: null }]) {
      const response = await run(
        rackFileApiAction,
        fileRequest("Rack2B", file._id, { method: "PUT", json }),
        { rackName: "Rack2B", id: file._id },
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe("File name cannot be empty.");
    }
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row.name).toBe("Keeps its name");
  });

  it("refuses a stale update with 409 (version in the body or If-Match); without one, last write wins", async () => {
    const file = await insertOne("Rack2B", "Versioned");
    const put = (json: unknown, headers?: Record<string, string>) =>
      run(rackFileApiAction, fileRequest("Rack2B", file._id, { method: "PUT", json, headers }), {
        rackName: "Rack2B",
        id: file._id,
      });
    expect((await put({ name: "First edit", version: 1 })).status).toBe(200);
    const stale = await put({ name: "Second edit from an old copy", version: 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: STALE_RECORD_MESSAGE });
    const staleHeader = await put({ name: "Old copy via header" }, { "if-match": '"1"' });
    expect(staleHeader.status).toBe(409);
    const fresh = await put({ name: "Right version via header" }, { "if-match": '"2"' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBe('"3"');
    const legacy = await put({ name: "Legacy client" });
    expect(legacy.status).toBe(200);
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row).toMatchObject({ name: "Legacy client", version: 4 });
  });

  it("deletes a file: {message: 'File deleted successfully'}, audited; then it is gone (404)", async () => {
    const file = await insertOne("Rack2B", "To be shredded");
    const params = { rackName: "Rack2B", id: file._id };
    const response = await run(
      rackFileApiAction,
      fileRequest("Rack2B", file._id, { method: "DELETE" }),
      params,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "File deleted successfully" });
    const again = await run(rackFileApiLoader, fileRequest("Rack2B", file._id), params);
    expect(again.status).toBe(404);
    const twice = await run(rackFileApiAction, fileRequest("Rack2B", file._id, { method: "DELETE" }), params);
    expect(twice.status).toBe(404);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, file._id), eq(auditLog.action, "delete")));
    expect(entry.before).toMatchObject({ name: "To be shredded" });
  });

  it("refuses a cookie-authenticated change from another site (403)", async () => {
    const file = await insertOne("Rack2B", "Guarded");
    const response = await run(
      rackFileApiAction,
      buildRequest(`/api/racks/Rack2B/${file._id}`, {
        method: "DELETE",
        cookie,
        origin: "https://evil.example",
      }),
      { rackName: "Rack2B", id: file._id },
    );
    expect(response.status).toBe(403);
  });

  it("is listed at GET /api", async () => {
    const response = await run(apiIndex, buildRequest("/api", { token }));
    const text = JSON.stringify(await response.json());
    expect(text).toContain("/api/racks/{rackName}");
    expect(text).toContain("/api/racks/{rackName}/{_id}");
  });
});

describe("the Admin Racks page", () => {
  type PageData = {
    racks: RackView<RackFile>[];
    view: { q: string; sort: string; dir: string; rack: string; openRacks: string[] };
    error: string | null;
  };
  const page = async (search = "") => {
    const response = await run(rackAdminLoader, buildRequest(`/rackadmin${search}`, { cookie }));
    return { status: response.status, data: (await response.json()) as PageData };
  };
  const insertForm = (form: Record<string, string>, options: { scripted?: boolean } = {}) =>
    run(
      rackAdminAction,
      buildRequest("/rackadmin", {
        cookie,
        form: { intent: "insert", ...form, ...(options.scripted ? { via: "fetcher" } : {}) },
      }),
    );

  it("sends a visitor without a session to sign in", async () => {
    const response = await run(rackAdminLoader, buildRequest("/rackadmin"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Frackadmin");
  });

  it("lists all eight racks in order with their counts, sending the files of the open racks only", async () => {
    await insertOne("Rack2D", "Zeta", 9);
    await insertOne("Rack2D", "Alpha", 3);
    await insertOne("Rack1A", "Kept on the shelf", 4);
    const closed = await page();
    expect(closed.status).toBe(200);
    expect(closed.data.racks.find((rack) => rack.name === "Rack2D")).toMatchObject({
      files: [],
      loaded: false,
    });
    expect(closed.data.racks.find((rack) => rack.name === "Rack2D")!.total).toBeGreaterThanOrEqual(2);
    expect(closed.data.racks.flatMap((rack) => rack.files)).toEqual([]);

    const { status, data } = await page("?open=Rack2D&open=Rack2D&open=Rack9Q");
    expect(status).toBe(200);
    expect(data.view.openRacks).toEqual(["Rack2D"]);
    expect(data.racks.find((rack) => rack.name === "Rack1A")).toMatchObject({ files: [], loaded: false });
    expect(data.racks.map((rack) => rack.name)).toEqual([
      "Rack1A",
      "Rack1B",
      "Rack1C",
      "Rack1D",
      "Rack2A",
      "Rack2B",
      "Rack2C",
      "Rack2D",
    ]);
    const rack2d = data.racks.find((rack) => rack.name === "Rack2D")!;
    expect(rack2d.loaded).toBe(true);
    expect(rack2d.files.map((file) => [file.id, file.name])).toEqual([
      [3, "Alpha"],
      [9, "Zeta"],
    ]);
    // Each file carries what its row and the update dialog need: its id (links) and version.
    expect(rack2d.files[0]).toEqual({ _id: expect.any(String), id: 3, name: "Alpha", version: 1 });
    expect(data.error).toBeNull();
  });

  it("searches every rack on the server (numbers and names), counting matches per rack", async () => {
    const tag = `Needle${Math.random().toString(36).slice(2, 7)}`;
    // Rack2B is filled past a hundred files: the match sits at the far end of it.
    await db.insert(rackFiles).values(
      Array.from({ length: 110 }, (_, n) => ({
        rackName: "Rack2B",
        fileNumber: 500_000 + n,
        name: `Filler ${tag} ${n}`,
      })),
    );
    const deep = await insertOne("Rack2B", `Deep ${tag} <b>`, 599_999);
    await insertOne("Rack1A", `Also ${tag.toLowerCase()}`);
    const { data } = await page(`?q=deep%20${tag}`);
    expect(data.view.q).toBe(`deep ${tag}`);
    const hits = data.racks.filter((rack) => rack.matches > 0);
    expect(hits.map((rack) => [rack.name, rack.files.map((file) => file._id)])).toEqual([
      ["Rack2B", [deep._id]],
    ]);
    expect(hits[0].total).toBeGreaterThanOrEqual(111);
    // Racks without a match stay listed (with their counts) but show no files.
    expect(data.racks).toHaveLength(8);
    expect(data.racks.find((rack) => rack.name === "Rack1A")!.files).toEqual([]);
    // Case-insensitive, across cupboards; a number matches too; wildcards are literal.
    const both = await page(`?q=${tag.toUpperCase()}`);
    expect(both.data.racks.filter((rack) => rack.matches > 0).map((rack) => rack.name)).toEqual([
      "Rack1A",
      "Rack2B",
    ]);
    const byNumber = await page("?q=599999");
    expect(byNumber.data.racks.find((rack) => rack.name === "Rack2B")!.files.map((file) => file.id)).toEqual([
      599_999,
    ]);
    expect((await page("?q=%25_%25")).data.racks.every((rack) => rack.matches === 0)).toBe(true);
  });

  it("narrows to a cupboard or a rack, sorts each rack, and reads old ?files= links", async () => {
    await insertOne("Rack1D", "aardvark minutes", 900_001);
    await insertOne("Rack1D", "Zebra crossing permit", 900_000);
    const rack = await page("?rack=Rack1D&sort=name&dir=desc");
    expect(rack.data.racks.map((one) => one.name)).toEqual(["Rack1D"]);
    const names = rack.data.racks[0].files.map((file) => file.name);
    expect(names.indexOf("Zebra crossing permit")).toBeLessThan(names.indexOf("aardvark minutes"));
    expect((await page("?rack=2")).data.racks.map((one) => one.name)).toEqual([
      "Rack2A",
      "Rack2B",
      "Rack2C",
      "Rack2D",
    ]);
    // Unknown values are no filter and the default order, never an error.
    const odd = await page("?rack=Rack9Z&sort=_id&dir=up");
    expect(odd.data.racks).toHaveLength(8);
    expect(odd.data.view).toMatchObject({ rack: "", sort: "fileNumber", dir: "asc" });
    // A saved link with the number's earlier sort name sorts by number, as it did.
    const byNumber = await page("?rack=Rack1D&sort=number&dir=desc");
    expect(byNumber.data.view).toMatchObject({ sort: "fileNumber", dir: "desc" });
    const numbers = byNumber.data.racks[0].files.map((file) => file.id);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers[0]).toBe(900_001);
    const old = await page("?files=%20noc%20&open=Rack1C");
    expect(old.data.view).toMatchObject({ q: "noc", openRacks: ["Rack1C"] });
    expect((await page("?open=Rack7Z")).data.view.openRacks).toEqual([]);
  });

  it("says 'Error fetching rack data.' when the racks cannot be read", async () => {
    await db.execute(sql`alter table rack_files rename to rack_files_away`);
    try {
      const { status, data } = await page();
      expect(status).toBe(500);
      expect(data.error).toBe("Error fetching rack data.");
      expect(data.racks).toEqual([]);
    } finally {
      await db.execute(sql`alter table rack_files_away rename to rack_files`);
    }
  });

  it("inserts without JavaScript: redirects to the rack with the toast 'File inserted successfully!'", async () => {
    const id = number();
    const response = await insertForm({
      rackName: "Rack1D",
      id: String(id),
      name: "Gas detector calibration",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/rackadmin?open=Rack1D#rack-Rack1D");
    expect(cookiesFrom(response)).toContain("plantops_toast");
    const [row] = await db
      .select()
      .from(rackFiles)
      .where(and(eq(rackFiles.rackName, "Rack1D"), eq(rackFiles.fileNumber, id)));
    expect(row.name).toBe("Gas detector calibration");
  });

  it("inserts with JavaScript: answers data with the success toast and a reset form", async () => {
    const id = number();
    const response = await insertForm(
      { rackName: "Rack2A", id: String(id), name: "Fetcher file" },
      { scripted: true },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      rackName: string;
      result: unknown;
      toast: { message: string; type: string };
    };
    expect(body.rackName).toBe("Rack2A");
    expect(body.toast).toMatchObject({ type: "success", message: "File inserted successfully!" });
    // Conform's reset: the insert row comes back empty for the next file.
    expect(body.result).toEqual({ initialValue: null });
  });

  it("refuses a missing field with 'Both fields are required.' and a duplicate with 'Error inserting file: …'", async () => {
    const missing = await insertForm({ rackName: "Rack1A", id: "", name: "No number" });
    expect(missing.status).toBe(400);
    const missingBody = JSON.stringify(await missing.json());
    expect(missingBody).toContain("Both fields are required.");
    expect(missingBody).toContain("No number"); // the form comes back filled in

    const notWhole = await insertForm({ rackName: "Rack1A", id: "2.5", name: "Half" });
    expect(notWhole.status).toBe(400);
    expect(JSON.stringify(await notWhole.json())).toContain("File ID must be a whole number");

    const id = number();
    await insertForm({ rackName: "Rack1A", id: String(id), name: "Holder" });
    const duplicate = await insertForm(
      { rackName: "Rack1A", id: String(id), name: "Intruder" },
      { scripted: true },
    );
    expect(duplicate.status).toBe(409);
    const body = (await duplicate.json()) as { toast: { type: string; message: string } };
    const reason = `Error inserting file: File ID ${id} is already used in Rack1A.`;
    expect(JSON.stringify(body)).toContain(reason);
    expect(body.toast).toMatchObject({ type: "error", message: reason });
  });

  it("refuses an unknown rack or intent (400) and a post from another site (403)", async () => {
    expect((await insertForm({ rackName: "Rack5A", id: "1", name: "x" })).status).toBe(400);
    const intent = await run(
      rackAdminAction,
      buildRequest("/rackadmin", { cookie, form: { intent: "drop", rackName: "Rack1A" } }),
    );
    expect(intent.status).toBe(400);
    const cross = await run(
      rackAdminAction,
      buildRequest("/rackadmin", {
        cookie,
        origin: "https://evil.example",
        form: { intent: "insert", rackName: "Rack1A", id: "5", name: "x" },
      }),
    );
    expect(cross.status).toBe(403);
  });
});

describe("the Update File page", () => {
  const params = (rackName: string, id: string) => ({ rackName, id });
  const update = (rackName: string, id: string, form: Record<string, string>) =>
    run(
      updateAction,
      buildRequest(`/rackadmin/racks/${rackName}/${id}`, { cookie, form }),
      params(rackName, id),
    );

  it("loads the file, or says 'Invalid rack name or file ID' / 'Failed to fetch file data.' (404)", async () => {
    const file = await insertOne("Rack1B", "Page file");
    const ok = await run(
      updateLoader,
      buildRequest(`/rackadmin/racks/Rack1B/${file._id}`, { cookie }),
      params("Rack1B", file._id),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      rackName: "Rack1B",
      file: { _id: file._id, id: file.id, name: "Page file", version: 1 },
    });
    for (const [rackName, id, message] of [
      ["Rack9Q", file._id, "Invalid rack name or file ID"],
      ["Rack1B", "42", "Invalid rack name or file ID"],
      ["Rack1B", randomUUID(), "Failed to fetch file data."],
      ["Rack1C", file._id, "Failed to fetch file data."],
    ]) {
      const response = await run(
        updateLoader,
        buildRequest(`/rackadmin/racks/${rackName}/${id}`, { cookie }),
        params(rackName, id),
      );
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
  });

  it("saves without JavaScript: redirects to the rack with 'File updated successfully'", async () => {
    const file = await insertOne("Rack1B", "Before");
    const response = await update("Rack1B", file._id, { name: "After", version: "1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/rackadmin?open=Rack1B#rack-Rack1B");
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row).toMatchObject({ name: "After", version: 2 });
  });

  it("saves from the dialog (JavaScript): answers ok with the toast", async () => {
    const file = await insertOne("Rack1B", "Dialog before");
    const response = await update("Rack1B", file._id, { name: "Dialog after", version: "1", via: "fetcher" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      toast: { type: "success", message: "File updated successfully" },
    });
  });

  it("refuses a blank name, and a stale save with the message while keeping the typed name", async () => {
    const file = await insertOne("Rack1B", "Contested");
    const blank = await update("Rack1B", file._id, { name: "  ", version: "1" });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain("File name cannot be empty.");

    await update("Rack1B", file._id, { name: "Someone else's edit", version: "1" });
    const stale = await update("Rack1B", file._id, { name: "My late edit", version: "1" });
    expect(stale.status).toBe(409);
    const body = JSON.stringify(await stale.json());
    expect(body).toContain("Failed to update file.");
    expect(body).toContain(STALE_RECORD_MESSAGE);
    expect(body).toContain("My late edit");
    const [row] = await db.select().from(rackFiles).where(eq(rackFiles.id, file._id));
    expect(row.name).toBe("Someone else's edit");
  });

  it("says 'Failed to update file.' when the file was deleted meanwhile", async () => {
    const file = await insertOne("Rack1B", "Vanishing");
    await db.delete(rackFiles).where(eq(rackFiles.id, file._id));
    const response = await update("Rack1B", file._id, { name: "Too late", version: "1" });
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).toContain("Failed to update file.");
  });
});

describe("the delete confirmation page", () => {
  it("shows the file, deletes on POST with 'File deleted successfully', and reports a missing file", async () => {
    const file = await insertOne("Rack2C", "Delete me");
    const params = { rackName: "Rack2C", id: file._id };
    const path = `/rackadmin/racks/Rack2C/${file._id}/delete`;
    const shown = await run(deleteLoader, buildRequest(path, { cookie }), params);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ file: { name: "Delete me" } });

    const deleted = await run(deleteAction, buildRequest(path, { cookie, method: "POST" }), params);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/rackadmin?open=Rack2C#rack-Rack2C");
    expect(await db.select().from(rackFiles).where(eq(rackFiles.id, file._id))).toHaveLength(0);

    const again = await run(deleteAction, buildRequest(path, { cookie, method: "POST" }), params);
    expect(again.status).toBe(302);
    expect(cookiesFrom(again)).toContain("plantops_toast");
    const missing = await run(deleteLoader, buildRequest(path, { cookie }), params);
    expect(missing.status).toBe(404);
  });
});

describe("the print index", () => {
  it("lists the cupboard's four racks with files in number order; 404 for another cupboard", async () => {
    await insertOne("Rack2C", "Print twenty", 20);
    await insertOne("Rack2C", "Print two", 2);
    const response = await run(printLoader, buildRequest("/rackadmin/print/2", { cookie }), {
      cupboard: "2",
    });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { cupboard: { label: string }; racks: RackDoc[] };
    expect(data.cupboard.label).toBe("CupBoard 2");
    expect(data.racks.map((rack) => rack.name)).toEqual(["Rack2A", "Rack2B", "Rack2C", "Rack2D"]);
    const numbers = data.racks.find((rack) => rack.name === "Rack2C")!.files.map((file) => file.id);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers).toEqual(expect.arrayContaining([2, 20]));
    const unknown = await run(printLoader, buildRequest("/rackadmin/print/3", { cookie }), { cupboard: "3" });
    expect(unknown.status).toBe(404);
  });
});
