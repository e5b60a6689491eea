import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findFormat } from "#app/sop/formats/index.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import { Client, STALE, staffUser } from "./support.ts";

// Issue 8 "Concurrent edits" (README difference 20): two people read the same record and both save
// with the version they read. Exactly one save wins (200); the other is refused with the conflict
// message (409); the record holds the winner's values and nothing is silently lost.

const { url } = inject("reliability");
let alice: Client;
let bob: Client;

beforeAll(async () => {
  alice = new Client(url, { token: (await staffUser(url)).token });
  bob = new Client(url, { token: (await staffUser(url)).token });
});
afterAll(() => {});

type Case = {
  name: string;
  /** Creates the record; returns its id. */
  create(client: Client, marker: string): Promise<string>;
  /** Reads it: the version and the value the test edits. */
  read(client: Client, id: string): Promise<{ version: number; value: unknown; record: unknown }>;
  /** Saves a new value with the version read. */
  save(
    client: Client,
    id: string,
    record: unknown,
    value: string,
    version: number,
  ): ReturnType<Client["send"]>;
};

const unwrap = (json: unknown) => (Array.isArray(json) ? json[0] : json) as Record<string, unknown>;
const created = (
  answer: Awaited<ReturnType<Client["send"]>>,
  pick: (json: Record<string, unknown>) => unknown,
) => {
  expect(answer.status, answer.text).toBe(201);
  return String(pick(answer.json as Record<string, unknown>));
};

let serial = 900_000 + Math.floor(Math.random() * 90_000);

const cases: Case[] = [
  {
    name: "an inventory line",
    async create(client, marker) {
      const answer = await client.send("POST", "/api/Electrician/create", {
        srno: serial++,
        Assets: marker,
        ComponentsAndEquipments: "Contactor 32 A",
        AvailableStock: 4,
        MinStock: 2,
        LeadTime: 7,
      });
      return created(answer, (json) => (json.product as { _id: string })._id);
    },
    async read(client, id) {
      const record = unwrap((await client.get(`/api/Electrician/product/${id}`)).json);
      return { version: Number(record.version), value: record.Assets, record };
    },
    save: (client, id, _record, value, version) =>
      client.send("PUT", `/api/Electrician/update/${id}`, { Assets: value, version }),
  },
  {
    name: "a maintenance contract",
    async create(client, marker) {
      const answer = await client.send("POST", "/api/equipment/add", {
        equipment: marker,
        company: "Kirloskar Oil Engines Ltd",
        validity: { from: "2025-04-01", to: "2026-03-31" },
        pms: "Quarterly",
        mobileNumber: "9876543210",
        lastDateOfChecking: "2025-05-01",
        nextDueDate: "2025-08-01",
      });
      return created(answer, (json) => (json.newEquipment as { _id: string })._id);
    },
    async read(client, id) {
      const record = unwrap((await client.get(`/api/equipment/get/${id}`)).json);
      return { version: Number(record.version), value: record.company, record };
    },
    save: (client, id, _record, value, version) =>
      client.send("PUT", `/api/equipment/updated/${id}`, { company: value, version }),
  },
  {
    name: "an SOP record (AS11)",
    async create(client, marker) {
      const definition = findFormat("AS11");
      if (!definition) throw new Error("no AS11 format");
      const answer = await client.send("POST", "/api/sop/AS11", sampleRecord(definition, marker));
      return created(answer, (json) => json._id);
    },
    async read(client, id) {
      const record = (await client.get(`/api/sop/AS11/${id}`)).json as Record<string, unknown>;
      return { version: Number(record.version), value: record.transporter, record };
    },
    save(client, id, record, value, version) {
      // The record's own fields stay behind; the format's fields go back with the edit.
      const own = [
        "_id",
        "format",
        "recordDate",
        "summary",
        "createdAt",
        "updatedAt",
        "createdBy",
        "updatedBy",
        "version",
      ];
      const fields = Object.fromEntries(
        Object.entries(record as Record<string, unknown>).filter(([key]) => !own.includes(key)),
      );
      return client.send("PUT", `/api/sop/AS11/${id}`, { ...fields, transporter: value, version });
    },
  },
  {
    name: "a store-rack item",
    async create(client, marker) {
      const answer = await client.send("POST", "/api/rack/3", {
        section: "Shelf A-1",
        materialName: marker,
        availableStock: 10,
        issue: 1,
        receit: 2,
      });
      return created(answer, (json) => unwrap(json)._id);
    },
    async read(client, id) {
      const record = unwrap((await client.get(`/api/rack/3/${id}`)).json);
      return { version: Number(record.version), value: record.materialName, record };
    },
    save: (client, id, record, value, version) => {
      const { section, availableStock, issue, receit } = record as Record<string, unknown>;
      return client.send("PUT", `/api/rackupdate/3/${id}`, {
        section,
        materialName: value,
        availableStock,
        issue,
        receit,
        version,
      });
    },
  },
  {
    name: "a file of the file index",
    async create(client, marker) {
      const answer = await client.send("POST", "/api/racks/Rack2B", {
        files: [{ id: serial++, name: marker }],
      });
      return created(answer, (json) => (json.files as { _id: string }[])[0]._id);
    },
    async read(client, id) {
      const answer = await client.get(`/api/racks/Rack2B/${id}`);
      const version = Number((answer.headers.get("etag") ?? "").replace(/\D/g, ""));
      return { version, value: (answer.json as { name: string }).name, record: answer.json };
    },
    save: (client, id, _record, value, version) =>
      client.send("PUT", `/api/racks/Rack2B/${id}`, { name: value, version }),
  },
];

describe.each(cases)("two people editing $name", (testCase) => {
  it("lets exactly one save win and refuses the other with the conflict message", async () => {
    const id = await testCase.create(alice, `Original ${serial}`);
    const [readByAlice, readByBob] = await Promise.all([testCase.read(alice, id), testCase.read(bob, id)]);
    expect(readByAlice.version).toBeGreaterThan(0);
    expect(readByBob.version).toBe(readByAlice.version);

    const [fromAlice, fromBob] = await Promise.all([
      testCase.save(alice, id, readByAlice.record, "Saved by Alice", readByAlice.version),
      testCase.save(bob, id, readByBob.record, "Saved by Bob", readByBob.version),
    ]);
    expect([fromAlice.status, fromBob.status].sort(), `${fromAlice.text} / ${fromBob.text}`).toEqual([
      200, 409,
    ]);
    const loser = fromAlice.status === 409 ? fromAlice : fromBob;
    expect((loser.json as { message: string }).message).toBe(STALE);

    const winner = fromAlice.status === 200 ? "Saved by Alice" : "Saved by Bob";
    const after = await testCase.read(alice, id);
    expect(after.value).toBe(winner);
    expect(after.version).toBe(readByAlice.version + 1);
  });

  it("refuses a save with a version read before someone else's save", async () => {
    const id = await testCase.create(alice, `Stale ${serial}`);
    const first = await testCase.read(alice, id);
    expect((await testCase.save(bob, id, first.record, "Bob was first", first.version)).status).toBe(200);
    const late = await testCase.save(alice, id, first.record, "Alice too late", first.version);
    expect(late.status).toBe(409);
    expect((late.json as { message: string }).message).toBe(STALE);
    expect((await testCase.read(alice, id)).value).toBe("Bob was first");
  });
});
