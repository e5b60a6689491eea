import type { APIRequestContext, Page } from "@playwright/test";
import { formats } from "#app/sop/formats/index.ts";
import { baseURL } from "../../playwright.config.ts";
import { sampleRecord } from "../support/sop-sample.ts";
import { type Account, accountIn, expect, setRole, signIn, test, uniqueName } from "./fixtures.ts";
import { untranslated } from "./untranslated.ts";

// Every page's words come from the catalogues (issue 37). An admin whose language is the
// pseudo-language sees every catalogued word as ⟦English⟧: each page below, with records of the
// check's own (their text marked, lists searched for it), must show no bare English in its main
// part. The frame around it has its own check (shell-hindi.spec.ts). The words are drawn on the
// server, so the check runs without JavaScript; the JavaScript-on pages draw the same markup.

test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled !== false,
  "the server draws the words; one project suffices",
);

/** What the check's records hold: a word no catalogue has, allowed where records show. */
const MARK = uniqueName("Qzx");

/** Words that read the same in every language: the product, the plant's codes, what the floor says. */
const ALLOWED = [
  new RegExp(MARK.replace(/ /g, "\\s")),
  // Other tests' records on the shared database, which Today, /alerts, the audit's choices and the
  // contracts' chart list whole: their names end in a test's marker (uniqueName, uniqueEmail, a time).
  /\b[0-9A-F]{6}\b/,
  /\b(?=[a-z]*\d)[a-z\d]{8,10}\b/,
  // The backups' files and folder, as the server names them.
  /\.backup\.gz$/,
  /\/tmp\/\S+$/,
  /^PlantOps$/,
  /^AS ?\d\d(?: ·)?$/,
  /^(?:AMC|PMS|SOP|LPG|GRN)$/,
  // The file index's racks, named by the codes on the cupboards (Rack1A … Rack2D).
  /^Rack[12][A-D]$/,
  // An uploaded file's name, as the import pages list it (what people uploaded: not the app's words).
  /^[\w .-]+\.(?:csv|xlsx)$/,
  // A chart's day on its axis, as the page's locale writes it (en-IN for the pseudo-language).
  /^\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/,
];

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

type Seeded = {
  line: { _id: string; srno: number };
  item: { _id: string };
  contract: { _id: string };
  file: { _id: string };
  record: { _id: string };
};

async function post(api: APIRequestContext, path: string, data: unknown) {
  const response = await api.post(path, { data, headers: { origin: baseURL } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

/** The check's own records, one of each kind, added through the API as the admin. */
async function seed(page: Page): Promise<Seeded> {
  const api = page.request;
  const { product: line } = await post(api, "/api/Electrician/create", {
    srno: 10_000 + Math.floor(Math.random() * 80_000_000) * 10,
    Assets: MARK,
    ComponentsAndEquipments: MARK,
    AvailableStock: 1,
    MinStock: 4,
    LeadTime: 5,
  });
  const item = await post(api, "/api/rack/7", {
    section: "C2",
    materialName: MARK,
    availableStock: 12,
    issue: 0,
    receit: 0,
  });
  await post(api, `/api/stock/rack/${item._id}/movements`, { kind: "issue", quantity: 2, reference: MARK });
  const today = new Date().toISOString().slice(0, 10);
  const { newEquipment: contract } = await post(api, "/api/equipment/add", {
    equipment: MARK,
    company: MARK,
    validity: { from: "2026-01-01", to: today },
    pms: "Monthly",
    vendorCode: MARK,
    contractNumber: MARK,
    concernedPerson: MARK,
    mobileNumber: "9876543210",
    lastDateOfChecking: "",
    nextDueDate: today,
  });
  const fileId = 1 + Math.floor(Math.random() * 9_000);
  const { files } = await post(api, "/api/racks/Rack1A", { files: [{ id: fileId, name: MARK }] });
  const file = (files as { _id: string; id: number }[]).find((each) => each.id === fileId);
  const as09 = formats.find((format) => format.code === "AS09");
  if (!as09 || !file) throw new Error("no AS09 format or file saved");
  const record = await post(api, "/api/sop/AS09", sampleRecord(as09, MARK));
  return { line, item, contract, file, record };
}

const q = `q=${encodeURIComponent(MARK)}`;

/** The pages by feature (run one group with `-g "<group>"`). */
const PAGES: Record<string, (seeded: Seeded) => string[]> = {
  today: () => ["/home", "/home/print", "/no-such-page"],
  spares: ({ line }) => [
    "/products",
    `/products/Electrician?${q}`,
    `/products/Electrician/print?${q}`,
    "/insertproduct/Electrician",
    `/updateproduct/Electrician/${line._id}`,
    `/products/Electrician/${line.srno}/edit`,
    `/products/Electrician/${line.srno}/delete`,
  ],
  "store racks": ({ item }) => [
    `/about?${q}`,
    `/about/print?${q}`,
    "/insertproducts/7",
    `/rackupdate/7/${item._id}`,
    `/about/7/${item._id}/delete`,
  ],
  ledger: ({ item, line }) => [
    `/stock/rack/${item._id}`,
    `/stock/rack/${item._id}/print`,
    `/stock/rack/${item._id}/issue`,
    `/stock/rack/${item._id}/receive`,
    `/stock/rack/${item._id}/count`,
    `/stock/spare/${line._id}`,
    `/stock/report?${q}`,
    `/stock/report/print?${q}`,
  ],
  contracts: ({ contract }) => [
    `/amc?${q}`,
    `/amc/print?${q}`,
    "/amcinsert",
    `/amcupdate/${contract._id}`,
    `/amc/${contract._id}/delete`,
    "/alerts",
  ],
  "file index": ({ file }) => [
    "/rackadmin",
    `/rackadmin/racks/Rack1A/${file._id}`,
    `/rackadmin/racks/Rack1A/${file._id}/delete`,
    "/rackadmin/print/1",
  ],
  imports: () => ["/import/products/Electrician", "/import/rack-items", "/import/contracts", "/import/files"],
  people: () => ["/users", `/users/${account.id}`, "/account", "/change-password"],
  settings: () => ["/settings", "/settings/outbox", "/settings/backups"],
  audit: () => [`/audit?${q}`, `/audit/print?${q}`],
  sop: ({ record }) => [
    "/adminandsecurity",
    "/AS09",
    `/AS09/records?${q}`,
    `/AS09/records/print?${q}`,
    `/AS09/records/${record._id}`,
    `/AS09/records/${record._id}/edit`,
    `/AS09/records/${record._id}/print`,
    `/AS09/records/${record._id}/delete`,
  ],
};

let account: Account & { id: string };
let seeded: Seeded;

test.beforeAll(async ({ browser }) => {
  account = await accountIn("qps", "admin");
  const page = await browser.newPage({ baseURL });
  await signIn(page, account);
  seeded = await seed(page);
  await page.close();
});

// The admin role only while the check runs: the people tests need the fixed admin to be the only one.
test.afterAll(async () => {
  if (account) await setRole(account.email, "staff");
});

for (const [group, pagesOf] of Object.entries(PAGES)) {
  test(`${group}: every word in the pseudo-language`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, account);
    // A message's placeholders are filled with what people typed (the plant's name in "Welcome to
    // {plant}"): outside the ⟦…⟧ of the words around them, and not the check's.
    await page.goto("/settings");
    const plant = (await page.locator(".brand").innerText()).trim();
    const allowed = [...ALLOWED, escaped(plant), escaped(account.email)];
    const found: string[] = [];
    for (const path of pagesOf(seeded)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(path === "/no-such-page" ? 500 : 400);
      await expect(page.locator("html")).toHaveAttribute("lang", "qps");
      for (const text of await untranslated(page.locator("main"), allowed)) found.push(`${path}: ${text}`);
    }
    expect(found).toEqual([]);
  });
}
