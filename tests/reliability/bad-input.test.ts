import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findFormat } from "#app/sop/formats/index.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";
import {
  ADMIN,
  type Answer,
  Client,
  database,
  type Endpoint,
  endpoints,
  fillPath,
  oversizedChunkedPost,
  routePaths,
  signIn,
  staffUser,
  token,
  XSS,
} from "./support.ts";

// CI must be reproducible: it replays a fixed seed (FC_SEED to change it). Local runs draw a new
// seed each time and keep exploring; a counterexample found there is a bug to fix.
if (process.env.CI) fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });

// Issue 8 "Bad input": for every /api endpoint that takes input (from GET /api, so new ones are
// covered as they land) and the main form actions, generated wrong inputs (fast-check): missing
// fields, wrong types, huge strings, negative numbers, unicode, SQL and HTML fragments, malformed
// JSON, wrong content type. Never a 5xx; an /api refusal is a 4xx with a `message`; a refused input
// changes nothing in the database. And HTML typed into any field is shown as text everywhere.

const { url, dataDir } = inject("reliability");
const sql = database(dataDir);
afterAll(() => sql.end());
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 40);

let api: Client;
let browser: Client;
let list: Endpoint[] = [];
const ids: Record<string, string> = {};
let serial = 700_000 + Math.floor(Math.random() * 100_000);

const FEATURE_TABLES = [
  "inventory_items",
  "rack_items",
  "contracts",
  "rack_files",
  "sop_records",
  "users",
  "settings",
  "audit_log",
];

/** A fingerprint of the tables an input could change: equal before and after means nothing stored. */
async function fingerprint() {
  const parts: string[] = [];
  for (const table of FEATURE_TABLES) {
    const [row] = await sql.unsafe(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as h from ${table} t`,
    );
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join(" ");
}

const as11 = () => sampleRecord(findFormat("AS11") ?? fail("no AS11"), "Bad input");
function fail(message: string): never {
  throw new Error(message);
}

/** A valid body per endpoint (legacy field names, the legacy API contract); wrong inputs are made from it. */
function validBody(endpoint: Endpoint): Record<string, unknown> | undefined {
  const key = `${endpoint.method} ${endpoint.path}`;
  const line = () => ({
    srno: serial++,
    Assets: "DG set",
    ComponentsAndEquipments: "Contactor",
    AvailableStock: 4,
    MinStock: 2,
    LeadTime: 7,
    StatusofOrder: "",
  });
  const rackItem = () => ({
    section: "Shelf A-1",
    materialName: "V-belt",
    availableStock: 10,
    issue: 1,
    receit: 2,
  });
  const contract = () => ({
    equipment: "DG set",
    company: "Kirloskar",
    validity: { from: "2025-04-01", to: "2026-03-31" },
    pms: "Monthly",
    mobileNumber: "9876543210",
    lastDateOfChecking: "2025-05-01",
    nextDueDate: "2025-06-01",
  });
  const bodies: Record<string, () => Record<string, unknown>> = {
    "POST /api/auth/login": () => ({ email: "nobody@reliability.test", password: "wrong password" }),
    "POST /api/auth/register": () => ({
      email: `bad-${randomUUID()}@reliability.test`,
      password: "long enough password",
      securityCode: "WRONG-CODE",
    }),
    "POST /api/{department}/create": line,
    "PUT /api/{department}/update/{id}": line,
    "POST /api/rack/{rackNumber}": rackItem,
    "PUT /api/rackupdate/{rackNumber}/{id}": rackItem,
    "PUT /api/rackupdate/{rackNumber}/{_id}": rackItem,
    "POST /api/equipment/add": contract,
    "PUT /api/equipment/updated/{id}": contract,
    "POST /api/racks/{rackName}": () => ({ files: [{ id: serial++, name: "Purchase orders 2024-25" }] }),
    "PUT /api/racks/{rackName}/{_id}": () => ({ name: "Renamed file" }),
    "POST /api/checklist": as11,
    "POST /api/sop/{format}": as11,
    "PUT /api/sop/{format}/{id}": as11,
  };
  return bodies[key]?.() ?? (endpoint.method === "POST" || endpoint.method === "PUT" ? {} : undefined);
}

/** Real ids for the endpoints that edit a record, so the input is judged rather than a 404. */
async function prepareIds() {
  const line = await api.send("POST", "/api/Electrician/create", {
    srno: serial++,
    Assets: "A",
    ComponentsAndEquipments: "B",
    AvailableStock: 1,
    MinStock: 1,
    LeadTime: 1,
  });
  ids.inventory = (line.json as { product: { _id: string } }).product._id;
  const item = await api.send("POST", "/api/rack/1", {
    section: "S",
    materialName: "M",
    availableStock: 5,
    issue: 0,
    receit: 0,
  });
  ids.rack = ((Array.isArray(item.json) ? item.json[0] : item.json) as { _id: string })._id;
  const contract = await api.send("POST", "/api/equipment/add", {
    equipment: "E",
    company: "C",
    validity: { from: "2025-01-01", to: "2025-12-31" },
    pms: "Monthly",
  });
  ids.contract = (contract.json as { newEquipment: { _id: string } }).newEquipment._id;
  const file = await api.send("POST", "/api/racks/Rack1A", { files: [{ id: serial++, name: "F" }] });
  ids.file = (file.json as { files: { _id: string }[] }).files[0]._id;
  const record = await api.send("POST", "/api/sop/AS11", as11());
  ids.sop = (record.json as { _id: string })._id;
}

function pathFor(endpoint: Endpoint) {
  const id = endpoint.path.startsWith("/api/{department}")
    ? ids.inventory
    : endpoint.path.startsWith("/api/rack")
      ? endpoint.path.startsWith("/api/racks")
        ? ids.file
        : ids.rack
      : endpoint.path.startsWith("/api/equipment")
        ? ids.contract
        : ids.sop;
  return fillPath(endpoint.path, { id: id ?? randomUUID(), _id: id ?? randomUUID() });
}

// ── generators ──
const NASTY = [
  "'; drop table users; --",
  "1 OR 1=1",
  "Robert'); DROP TABLE inventory_items;--",
  XSS,
  "<script>alert(1)</script>",
  "\u0000",
  "\uD800",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ हिंदी",
  "-1",
  "-0.001",
  "1e309",
  "NaN",
  "Infinity",
  "0x1F",
  "   ",
  "",
  "2025-02-30",
  "12.34567",
];
// Long enough to overflow any column or buffer, short enough that three of them stay under the
// 1 MB body cap (over it, the app answers 413 and resets the upload: tested on its own below).
const hugeString = fc.constantFrom("x".repeat(100_000), "é".repeat(50_000));

/** Counterexamples print short: the label and the start of the body, not 100,000 characters. */
function printable<T extends object>(value: T, label: string): T {
  const shown = JSON.stringify(value, (_key, item) =>
    typeof item === "string" && item.length > 60 ? `${item.slice(0, 40)}…(${item.length} chars)` : item,
  );
  return Object.assign(value, { [fc.toStringMethod]: () => `${label}: ${shown?.slice(0, 400)}` });
}
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, 2 ** 64, -0),
  fc.constantFrom(...NASTY),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  hugeString,
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
);

type Sent = { body?: unknown; raw?: string; type?: string; label: string };

function wrongInput(valid: Record<string, unknown>): fc.Arbitrary<Sent> {
  const fields = Object.keys(valid);
  const mutated = fc
    .uniqueArray(fc.constantFrom(...(fields.length ? fields : ["x"])), {
      minLength: 1,
      maxLength: Math.max(1, Math.min(3, fields.length)),
    })
    .chain((keys) =>
      fc.tuple(fc.constant(keys), fc.array(badValue, { minLength: keys.length, maxLength: keys.length })),
    )
    .map(([keys, values]) => {
      const body: Record<string, unknown> = { ...valid };
      keys.forEach((key, index) => {
        if (values[index] === undefined) delete body[key];
        else body[key] = values[index];
      });
      return printable({ body, label: `fields ${keys.join(", ")}` } as Sent, "mutated");
    });
  const malformed = fc
    .oneof(
      fc.constantFrom("{", '{"a":', "nul", "[1,2", '"unterminated', "{'single': 1}", "\u0000"),
      fc.string({ maxLength: 30 }),
    )
    .filter((text) => {
      try {
        const parsed = JSON.parse(text);
        return parsed === null || typeof parsed !== "object";
      } catch {
        return true;
      }
    })
    .map((raw) => printable({ raw, label: "malformed JSON" } as Sent, "malformed"));
  const notObject = fc
    .oneof(
      fc.constant([]),
      fc.constant(null),
      fc.integer(),
      fc.string({ maxLength: 10 }),
      fc.array(fc.jsonValue(), { maxLength: 3 }),
    )
    .map((body) => printable({ body, label: "JSON that is not an object" } as Sent, "not an object"));
  const wrongType = fc
    .constantFrom(
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    )
    .map((type) =>
      printable({ raw: JSON.stringify(valid), type, label: `content-type ${type}` } as Sent, "content type"),
    );
  return fc.oneof(
    { arbitrary: mutated, weight: 6 },
    { arbitrary: malformed, weight: 1 },
    { arbitrary: notObject, weight: 1 },
    { arbitrary: wrongType, weight: 1 },
  );
}

beforeAll(async () => {
  const staff = await staffUser(url);
  api = new Client(url, { token: staff.token });
  browser = new Client(url, { cookie: staff.cookie });
  list = await endpoints(url, { token: staff.token });
  await prepareIds();
});

function checkRefusal(sent: Sent, answer: Answer, before: string, after: string, where: string) {
  const context = `${where} with ${sent.label}: ${answer.status} ${answer.text.slice(0, 120)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 400) {
    const message = (answer.json as { message?: unknown } | undefined)?.message;
    expect(typeof message === "string" && message.length > 0, `${context}: no message`).toBe(true);
    expect(after, `${context}: the refused input changed the database`).toBe(before);
  }
}

describe("the /api endpoints that take input", () => {
  it("refuse wrong input with a 4xx and a message, store nothing, and never answer 5xx", async () => {
    const inputs = list.filter((endpoint) => endpoint.method === "POST" || endpoint.method === "PUT");
    expect(inputs.length).toBeGreaterThan(5);
    for (const endpoint of inputs) {
      if (endpoint.path === "/api/auth/logout") continue;
      const path = pathFor(endpoint);
      // Login and registration write sign-in attempts; the rest must leave every table alone when refusing.
      await fc.assert(
        fc.asyncProperty(
          fc.constant(null).chain(() => wrongInput(validBody(endpoint) ?? {})),
          async (sent) => {
            const before = await fingerprint();
            const answer = await new Client(url, api.auth).send(endpoint.method, path, sent.body, {
              raw: sent.raw,
              type: sent.type,
            });
            checkRefusal(sent, answer, before, await fingerprint(), `${endpoint.method} ${path}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it("refuse a body over 1 MB with 413", async () => {
    // The app answers before reading the rest and drops the connection: don't let it be reused.
    const response = await fetch(`${url}/api/Electrician/create`, {
      method: "POST",
      headers: { ...api.headers({ origin: url, "content-type": "application/json" }), connection: "close" },
      body: JSON.stringify({ Assets: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      "The request is too large (the limit is 1 MB).",
    );
  });
});

describe("search and filter parameters in an address", () => {
  // Filters and list searches typed into the address reach PostgreSQL (?text= of the SOP records,
  // ?q= and the list parameters of the server-side lists). None of them may turn into a 5xx.
  const addresses: { client: () => Client; path: (value: string) => string }[] = [
    { client: () => browser, path: (value) => `/as15/records?text=${value}` },
    { client: () => browser, path: (value) => `/as15/records?from=${value}&to=${value}&page=${value}` },
    { client: () => browser, path: (value) => `/rackadmin?files=${value}&open=${value}` },
    // The list parameters (issue 14): search, sort, direction, page, page size and each list's filters.
    { client: () => browser, path: (value) => `/products?q=${value}` },
    {
      client: () => browser,
      path: (value) =>
        `/technician?sort=${value}&dir=${value}&page=${value}&size=${value}&stock=${value}&status=${value}`,
    },
    {
      client: () => browser,
      path: (value) => `/products/FireFight/print?q=${value}&sort=${value}&stock=${value}`,
    },
    { client: () => browser, path: (value) => `/about?q=${value}` },
    {
      client: () => browser,
      path: (value) => `/about?rack=${value}&sort=${value}&dir=${value}&page=${value}&size=${value}`,
    },
    { client: () => browser, path: (value) => `/about/print?rack=${value}&q=${value}` },
    { client: () => api, path: (value) => `/api/sop/AS15?text=${value}&page=${value}` },
  ];
  const values = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(
      "\u0000",
      "a\u0000b",
      "%",
      "_",
      "\\",
      "'; drop table sop_records; --",
      XSS,
      "9".repeat(400),
      "-1",
      "0",
      "1e9",
      "99999999999999999999",
      "desc",
      "200",
    ),
  );
  it("never answer 5xx, whatever the value", async () => {
    for (const address of addresses) {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const path = address.path(encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")));
          const answer = await address.client().get(path);
          expect(answer.status, `GET ${path}`).toBeLessThan(500);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
  });
});

describe("list parameters of /amc, Admin Racks and the SOP records lists (issue 14)", () => {
  // The kit's ?q=&sort=&dir=&page=&size= plus each list's own filters (status; rack, open; from,
  // to), and their print views. Whatever the values: never a 5xx.
  const addresses = [
    (v: string) => `/amc?q=${v}&sort=${v}&dir=${v}&page=${v}&size=${v}&status=${v}`,
    (v: string) => `/amc/print?q=${v}&sort=${v}&dir=${v}&status=${v}`,
    (v: string) => `/rackadmin?q=${v}&rack=${v}&sort=${v}&dir=${v}&open=${v}&files=${v}`,
    (v: string) => `/as15/records?q=${v}&sort=${v}&dir=${v}&page=${v}&size=${v}&from=${v}&to=${v}&text=${v}`,
    (v: string) => `/AS11/records/print?q=${v}&sort=${v}&dir=${v}&from=${v}&to=${v}`,
  ];
  const values = fc.oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(
      "\u0000",
      "%",
      "_",
      "\\",
      "-1",
      "0",
      "1e9",
      "99999999999",
      "2025-02-30",
      XSS,
      "9".repeat(400),
    ),
  );
  it("never answer 5xx, whatever the value", async () => {
    for (const address of addresses) {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const path = address(encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")));
          const answer = await browser.get(path);
          expect(answer.status, `GET ${path}`).toBeLessThan(500);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
  });
});

describe("the audit log's filters (issue 17)", () => {
  // /audit's ?user=&type=&from=&to= and the list parameters reach PostgreSQL as an admin's view.
  it("never answer 5xx, whatever the value", async () => {
    const admin = new Client(url, { cookie: await signIn(url, ADMIN.email, ADMIN.password) });
    const addresses = [
      (v: string) =>
        `/audit?q=${v}&user=${v}&type=${v}&from=${v}&to=${v}&page=${v}&size=${v}&sort=${v}&dir=${v}`,
      (v: string) => `/audit/print?q=${v}&user=${v}&type=${v}&from=${v}&to=${v}`,
    ];
    const values = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("\u0000", "%", "-1", "2025-02-30", "275760-09-13", "0000-01-01", XSS, "9".repeat(400)),
    );
    for (const address of addresses) {
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const path = address(encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "")));
          const answer = await admin.get(path);
          expect(answer.status, `GET ${path}`).toBeLessThan(500);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
  });
});

describe("the main form actions", () => {
  type FormCase = { path: () => string; valid: () => Record<string, string> };
  const line = () => ({
    srno: String(serial++),
    Assets: "DG set",
    ComponentsAndEquipments: "Contactor",
    AvailableStock: "4",
    MinStock: "2",
    LeadTime: "7",
    StatusofOrder: "",
  });
  const rackItem = () => ({
    section: "Shelf A-1",
    materialName: "V-belt",
    availableStock: "10",
    issue: "1",
    receipt: "2",
  });
  const contract = () => ({
    equipment: "DG set",
    company: "Kirloskar",
    validityFrom: "2025-04-01",
    validityTo: "2026-03-31",
    pms: "Monthly",
    mobileNumber: "9876543210",
  });
  const forms: Record<string, FormCase> = {
    "inventory insert": { path: () => "/insertproduct/Electrician", valid: line },
    "inventory update": { path: () => `/updateproduct/Electrician/${ids.inventory}`, valid: line },
    "rack insert": { path: () => "/insertproducts/1", valid: rackItem },
    "rack update": { path: () => `/rackupdate/1/${ids.rack}`, valid: rackItem },
    "contract insert": { path: () => "/amcinsert", valid: contract },
    "contract update": { path: () => `/amcupdate/${ids.contract}`, valid: contract },
    "file index": {
      path: () => "/rackadmin",
      valid: () => ({ intent: "insert", rackName: "Rack1B", id: String(serial++), name: "Safety audit" }),
    },
    "file rename": { path: () => `/rackadmin/racks/Rack1A/${ids.file}`, valid: () => ({ name: "Renamed" }) },
    "AS11 form": {
      path: () => "/AS11",
      valid: () => ({ date: "2025-05-01", lorryNo: "MH 04 AB 1234", transporter: "Sai Transport" }),
    },
    // An account of no one: failed sign-ins must not lock the admin the other tests sign in as.
    "sign-in": {
      path: () => "/login",
      valid: () => ({ email: "nobody@reliability.test", password: "wrong password" }),
    },
    registration: {
      path: () => "/register",
      valid: () => ({
        email: `bad-${randomUUID()}@reliability.test`,
        password: "long enough",
        securityCode: "WRONG",
      }),
    },
  };
  const formValue = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...NASTY),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.integer({ min: -1_000_000, max: -1 }).map(String),
    fc.double().map(String),
    hugeString,
  );

  it.each(
    Object.entries(forms),
  )("%s: wrong input never gives a 5xx, and only a redirect (a save) changes data", async (_name, form) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constant(null).chain(() => {
          const valid = form.valid();
          const keys = Object.keys(valid);
          return fc.oneof(
            fc
              .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 })
              .chain((picked) =>
                fc.tuple(
                  fc.constant(picked),
                  fc.array(formValue, { minLength: picked.length, maxLength: picked.length }),
                ),
              )
              .map(([picked, values]) => {
                const body: Record<string, string> = { ...valid };
                picked.forEach((key, index) => {
                  const value = values[index];
                  if (value === undefined) delete body[key];
                  else body[key] = value as string;
                });
                return printable(
                  { body: new URLSearchParams(body).toString(), label: `fields ${picked.join(", ")}` },
                  "form",
                );
              }),
            fc.constant(printable({ body: "%%%&&==&a=%E0%A4%A", label: "a broken urlencoded body" }, "form")),
          );
        }),
        async (sent) => {
          const before = await fingerprint();
          const answer = await browser.form(form.path(), sent.body);
          const after = await fingerprint();
          const context = `POST ${form.path()} with ${sent.label}: ${answer.status} ${answer.text.slice(0, 120)}`;
          expect(answer.status, context).toBeLessThan(500);
          if (answer.status < 300 || answer.status >= 400)
            expect(after, `${context}: data changed without a redirect`).toBe(before);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  // The web server refuses it before Remix (whose own check answers an empty 500), saying why.
  // `null` is what a sandboxed frame, a data: page or a privacy setting sends: no proof of our site.
  it.each([
    "https://evil.example",
    "null",
    "not a url",
    "http://[",
    "file://",
  ])("refuses a form whose Origin is %j (CSRF) with a 403 page that says why, and stores nothing", async (origin) => {
    const before = await fingerprint();
    const answer = await fetch(`${url}/insertproduct/Electrician`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: browser.auth.cookie ?? "",
        origin,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(line()).toString(),
    });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("This form was sent from another site and was refused.");
    expect(await fingerprint()).toBe(before);
  });
});

describe("the request boundary (server/app.ts)", () => {
  it("refuses a 3 MB chunked body to every route with 413, answering before it is read whole", async () => {
    const paths = routePaths();
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      for (const type of ["application/x-www-form-urlencoded", "application/json"]) {
        const sent = await oversizedChunkedPost(url, path, type, browser.auth.cookie ?? "");
        expect(sent.status, `${type} to ${path}`).toBe(413);
        expect(sent.bytesSentBeforeAnswer, `${path} was read whole`).toBeLessThan(3 * 1024 * 1024);
      }
    }
  });

  it("refuses multipart where no upload is expected, with 415 and a message", async () => {
    for (const path of ["/register", "/api/auth/login", "/insertproduct/Electrician"]) {
      const form = new FormData();
      form.append("email", "a@b.test");
      form.append("file", new Blob(["x"]), "x.txt");
      const answer = await fetch(`${url}${path}`, {
        method: "POST",
        headers: { origin: url, cookie: browser.auth.cookie ?? "" },
        body: form,
        redirect: "manual",
      });
      expect(answer.status, path).toBe(415);
      expect(await answer.text()).toContain("does not take files");
    }
  });

  it("compares the JSON content type exactly: text/plain; x=application/json is 415", async () => {
    const answer = await api.send("POST", "/api/auth/login", undefined, {
      raw: JSON.stringify({ email: ADMIN.email, password: "x" }),
      type: "text/plain; x=application/json",
    });
    expect(answer.status).toBe(415);
    const exact = await api.send("POST", "/api/auth/login", undefined, {
      raw: JSON.stringify({ email: "nobody@reliability.test", password: "x" }),
      type: "Application/JSON; charset=utf-8",
    });
    expect(exact.status).toBe(401);
  });

  it("answers odd input with a 4xx, never a 500: /register oversized, redirectTo with %0d", async () => {
    const register = await fetch(`${url}/register`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/x-www-form-urlencoded", connection: "close" },
      body: `email=a%40b.test&password=${"x".repeat(1_100_000)}`,
    });
    expect(register.status).toBe(413);
    for (const target of ["/%0d/evil.example", "%0d%0aSet-Cookie:x=1", "/home%0d"]) {
      const page = await fetch(`${url}/login?redirectTo=${target}`, { redirect: "manual" });
      expect(page.status, target).toBeLessThan(500);
      const post = await fetch(`${url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
        body: `email=${encodeURIComponent(ADMIN.email)}&password=wrong&redirectTo=${target}`,
      });
      expect(post.status, target).toBeLessThan(500);
    }
  });

  it("sends no-store on a signed-in user's pages and data, and keeps static assets cacheable", async () => {
    for (const path of ["/amc", "/amc.data", "/home"]) {
      const answer = await browser.get(path);
      expect(answer.headers.get("cache-control"), path).toBe("no-store, private");
    }
    const withToken = await api.get("/api/Electrician");
    expect(withToken.headers.get("cache-control")).toContain("no-store");
    const page = await fetch(`${url}/login`).then((response) => response.text());
    const asset = /\/assets\/[^"]+\.js/.exec(page)?.[0];
    expect(asset, "the sign-in page links a hashed script").toMatch(/^\/assets\/.+\.js$/);
    const cached = await fetch(`${url}${asset}`);
    expect(cached.headers.get("cache-control")).toContain("immutable");
  });
});

describe("HTML typed into a field", () => {
  it("is shown as text on every page that shows it, print views included", async () => {
    const admin = new Client(url, { token: await token(url, ADMIN.email) });
    const saved: Answer[] = [];
    saved.push(
      await admin.send("POST", "/api/Electrician/create", {
        srno: serial++,
        Assets: XSS,
        ComponentsAndEquipments: XSS,
        AvailableStock: 1,
        MinStock: 2,
        LeadTime: 3,
        StatusofOrder: XSS,
      }),
    );
    saved.push(
      await admin.send("POST", "/api/rack/2", {
        section: XSS,
        materialName: XSS,
        availableStock: 3,
        issue: 0,
        receit: 0,
      }),
    );
    saved.push(
      await admin.send("POST", "/api/equipment/add", {
        equipment: XSS,
        company: XSS,
        validity: { from: "2024-01-01", to: "2024-12-31" },
        pms: "Monthly",
        concernedPerson: XSS,
        vendorCode: XSS,
        contractNumber: XSS,
        lastDateOfChecking: "2024-01-01",
        nextDueDate: "2024-02-01",
      }),
    );
    saved.push(await admin.send("POST", "/api/racks/Rack1A", { files: [{ id: serial++, name: XSS }] }));
    const record = { ...as11(), lorryNo: XSS, transporter: XSS, driverSignature: XSS };
    saved.push(await admin.send("POST", "/api/sop/AS11", record));
    const as15 = findFormat("AS15");
    if (as15)
      saved.push(
        await admin.send("POST", "/api/sop/AS15", { ...sampleRecord(as15, XSS), officerSignature: XSS }),
      );
    for (const answer of saved) expect(answer.status, answer.text).toBe(201);

    const line = (saved[0].json as { product: { _id: string } }).product._id;
    const item = ((Array.isArray(saved[1].json) ? saved[1].json[0] : saved[1].json) as { _id: string })._id;
    const contract = (saved[2].json as { newEquipment: { _id: string } }).newEquipment._id;
    const sopId = (saved[4].json as { _id: string })._id;
    const pages = [
      "/products",
      `/products?q=${encodeURIComponent("<img")}`,
      `/updateproduct/Electrician/${line}`,
      "/about",
      `/rackupdate/2/${item}`,
      "/amc",
      `/amcupdate/${contract}`,
      "/alerts",
      "/home",
      "/rackadmin",
      `/rackadmin?q=${encodeURIComponent("onerror")}`,
      "/rackadmin/print/1",
      "/AS11/records",
      `/AS11/records/${sopId}`,
      `/AS11/records/${sopId}/edit`,
      `/AS11/records/${sopId}/print`,
      "/as15/records",
    ];
    const viewer = new Client(url, { cookie: await signIn(url, ADMIN.email) });
    const unescaped: string[] = [];
    let shown = 0;
    for (const page of pages) {
      const answer = await viewer.get(page);
      expect(answer.status, page).toBe(200);
      if (answer.text.includes(XSS) || /<img[^>]*onerror/i.test(answer.text)) unescaped.push(page);
      if (answer.text.includes("&lt;img src=x onerror=alert(1)&gt;")) shown++;
    }
    expect(unescaped, "pages with the HTML unescaped").toEqual([]);
    expect(shown, "pages showing the text escaped").toBeGreaterThanOrEqual(pages.length - 3);
  });
});
