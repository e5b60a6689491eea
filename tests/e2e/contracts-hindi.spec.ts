import AxeBuilder from "@axe-core/playwright";
import { type Page, request } from "@playwright/test";
import postgres from "postgres";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { baseURL, dataDir } from "../../playwright.config.ts";
import { embeddedUrl } from "../../scripts/embedded-postgres.ts";
import { expect, PASSWORD, registerAccount, signIn, test, uniqueEmail, uniqueName } from "./fixtures.ts";

// The maintenance contracts, the file index and the imports for a person who reads Hindi (issue
// 37), with JavaScript on and off: the pages' own words come in Hindi; what people typed (the
// equipment, the company), the dates and AMC/PMS stay as written.

/** A staff account whose language is Hindi (set straight in the e2e database: /account is another feature). */
async function hindiAccount() {
  const api = await request.newContext({ baseURL });
  const account = { email: uniqueEmail("hindi"), password: PASSWORD };
  await registerAccount(api, account);
  await api.dispose();
  const url = embeddedUrl(dataDir);
  if (!url) throw new Error(`No e2e database in ${dataDir}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`update users set language = 'hi' where email = ${account.email}`;
  } finally {
    await sql.end();
  }
  return account;
}

const today = () => dateInZone(new Date(), "Asia/Kolkata");
const gb = (iso: string) => iso.split("-").reverse().join("/");

/** A form field by its (Hindi) label; required fields' labels end with a " *" marker. */
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

test("a contract added in Hindi shows in the list with its status in Hindi, and on paper", async ({
  page,
  js,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await hindiAccount());
  const equipment = uniqueName("Fire pump");

  // A refused save says why in Hindi (the field's and, without JavaScript, the form's message).
  await page.goto("/amcinsert");
  await expect(page.getByRole("heading", { level: 1, name: "उपकरण की जानकारी जोड़ें" })).toBeVisible();
  await labelled(page, "उपकरण").fill(equipment);
  await page.getByRole("button", { name: "जोड़ें" }).click();
  await expect(page.getByText("कंपनी ज़रूरी है।", { exact: true })).toBeVisible();
  if (!js) await expect(page.getByText("उपकरण नहीं जुड़ सका: कंपनी ज़रूरी है।")).toBeVisible();

  await labelled(page, "उपकरण").fill(equipment);
  await labelled(page, "कंपनी").fill("Kirloskar");
  await labelled(page, "वैधता कब से").fill("2026-04-01");
  await labelled(page, "वैधता कब तक").fill("2049-03-31");
  const pms = labelled(page, "PMS");
  await expect(pms.getByRole("option", { name: "तिमाही" })).toBeAttached();
  await pms.selectOption("Quarterly");
  await labelled(page, "अगली नियत तारीख").fill(addDays(today(), -3));
  await page.getByRole("button", { name: "जोड़ें" }).click();
  await expect(page.getByText("उपकरण जुड़ गया!").first()).toBeVisible();

  await page.goto(`/amc?q=${encodeURIComponent(equipment)}`);
  await expect(page.getByRole("heading", { level: 1, name: "वार्षिक रखरखाव कॉन्ट्रैक्ट (AMC)" })).toBeVisible();
  for (const header of ["उपकरण", "कंपनी", "वैधता कब से कब तक", "अगली नियत तारीख", "अपडेट करें", "WhatsApp भेजें"])
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+ की अवधि खत्म · \d+ अगले 7 दिनों में नियत$/)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: equipment });
  await expect(row).toHaveClass(/contract-expired/);
  await expect(row).toContainText(`${gb(addDays(today(), -3))}अवधि खत्म`);
  await expect(row).toContainText("01/04/2026 से 31/03/2049");
  await expect(row).toContainText("तिमाही");
  await expect(row.getByRole("link", { name: `${equipment} अपडेट करें` })).toBeVisible();
  await expect(row.getByRole("button", { name: /^भेजें/ })).toBeDisabled();
  await expect(row).toContainText("कोई मोबाइल नंबर नहीं दिया गया है।");
  // The 90-day picture's words are made on the server, in the person's language.
  await expect(page.locator("#amc-timeline-title")).toHaveText(/^कॉन्ट्रैक्ट: बीती हुई तारीखें और अगले 90 दिन/);
  await expect(page.getByText("वैधता खत्म", { exact: true }).first()).toBeAttached();

  await page.goto(`/amc/print?q=${encodeURIComponent(equipment)}`);
  await expect(page.getByRole("heading", { level: 1, name: "वार्षिक रखरखाव कॉन्ट्रैक्ट (AMC)" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: equipment })).toContainText("अवधि खत्म");
});

test("the contracts' Hindi pages keep 0 axe violations", async ({ page, js }) => {
  test.skip(!js, "axe-core runs in the page as a script");
  test.setTimeout(180_000);
  await signIn(page, await hindiAccount());
  const response = await page.request.post("/api/equipment/add", {
    data: {
      equipment: uniqueName("Axe pump"),
      company: "Kirloskar",
      pms: "Monthly",
      validity: { from: "2026-04-01", to: "2049-03-31" },
    },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  const { _id: id } = ((await response.json()) as { newEquipment: { _id: string } }).newEquipment;
  const found: string[] = [];
  for (const path of ["/amc", "/amc/print", "/amcinsert", `/amcupdate/${id}`, `/amc/${id}/delete`]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    for (const violation of violations)
      found.push(
        `${path}: ${violation.id} (${violation.nodes[0]?.target.join(" ") ?? "?"}) ${violation.help}`,
      );
  }
  expect(found).toEqual([]);
});
