import type { Page } from "@playwright/test";
import { addDays, dateInZone } from "#app/lib/dates.ts";
import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { accountIn, expect, signIn, test, uniqueName } from "./fixtures.ts";

// The maintenance contracts, the file index and the imports for a person who reads Hindi (issue
// 37), with JavaScript on and off: the pages' own words come in Hindi; what people typed (the
// equipment, the company), the dates and AMC/PMS stay as written.

const today = () => dateInZone(new Date(), "Asia/Kolkata");
const gb = (iso: string) => iso.split("-").reverse().join("/");

/** A form field by its (Hindi) label; required fields' labels end with a " *" marker. */
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

test("a contract added in Hindi shows in the list with its status in Hindi, and on paper", async ({
  page,
  js,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await accountIn("hi"));
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

test("an import preview in Hindi says each row's problem in Hindi; a file index import is confirmed in Hindi", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await accountIn("hi"));
  const name = uniqueName("Imported chiller");
  const csv = [
    "Equipment,Company,Validity From,Validity To,PMS",
    `${name} A,Kirloskar,01/04/2026,31/03/2049,Monthly`,
    `${name} B,,01/04/2026,31/03/2049,Monthly`,
    `${name} C,Acme,someday,31/03/2049,Monthly`,
  ].join("\r\n");
  await page.goto("/amc");
  await page.getByRole("link", { name: "इम्पोर्ट करें", exact: true }).click();
  await expect(page.getByRole("heading", { name: "वार्षिक रखरखाव कॉन्ट्रैक्ट (AMC) में इम्पोर्ट करें" })).toBeVisible();
  await expect(page.getByText(/उपकरण \+ कंपनी के आधार पर मिलाई जाती हैं/)).toBeVisible();
  await page.getByLabel("स्प्रेडशीट (.xlsx या .csv, ज़्यादा से ज़्यादा 10 MB)").setInputFiles({
    name: "amc.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "प्रीव्यू देखें" }).click();

  await expect(page.getByRole("heading", { name: /इम्पोर्ट: प्रीव्यू$/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "amc.csv" })).toContainText(
    "3 पंक्तियाँ — 1 नई, 0 बदली, 0 बिना बदलाव, 2 में गलतियाँ।",
  );
  await expect(page.getByText("कुछ पंक्तियों में गलतियाँ हैं: उन्हें फ़ाइल में ठीक करके फिर अपलोड करें।")).toBeVisible();
  const preview = page.getByRole("table", { name: "फ़ाइल की पंक्तियाँ" });
  await expect(preview.getByRole("columnheader", { name: "कंपनी", exact: true })).toBeVisible();
  await expect(preview.getByRole("row").filter({ hasText: `${name} A` })).toContainText("नई");
  await expect(preview.getByRole("row").filter({ hasText: `${name} B` })).toContainText("कंपनी ज़रूरी है।");
  // What the file holds is quoted as written; the words around it are Hindi.
  await expect(preview.getByRole("row").filter({ hasText: `${name} C` })).toContainText(
    '"someday" तारीख नहीं है: इसे dd/mm/yyyy, dd-mm-yyyy या yyyy-mm-dd में लिखें',
  );

  const number = 500_000 + Math.floor(Math.random() * 490_000);
  await page.goto("/rackadmin");
  await expect(page.getByRole("heading", { level: 1, name: "एडमिन रैक" })).toBeVisible();
  await expect(page.getByText("अलमारी 1", { exact: true }).first()).toBeVisible();
  await page.getByRole("link", { name: "इम्पोर्ट करें", exact: true }).click();
  await page.getByLabel("स्प्रेडशीट (.xlsx या .csv, ज़्यादा से ज़्यादा 10 MB)").setInputFiles({
    name: "files.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["Rack,Sr. No,Name of the File", `Rack2D,${number},${name}`].join("\r\n")),
  });
  await page.getByRole("button", { name: "प्रीव्यू देखें" }).click();
  await page.getByRole("button", { name: "1 पंक्ति इम्पोर्ट करें" }).click();
  await expect(page).toHaveURL(/\/rackadmin$/);
  await expect(page.getByText(/files\.csv से 1 पंक्ति इम्पोर्ट हुई/).first()).toBeVisible();
  await page.goto(`/rackadmin?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(`'${name}' खोजने पर 1 फ़ाइल मिली`)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "फ़ाइल का नाम" }).first()).toBeVisible();
});

test("the contracts', the file index's and the import's Hindi pages keep 0 axe violations", async ({
  page,
  js,
}) => {
  test.skip(!js, "axe-core runs in the page as a script");
  test.setTimeout(180_000);
  await signIn(page, await accountIn("hi"));
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
  for (const path of [
    "/amc",
    "/amc/print",
    "/amcinsert",
    `/amcupdate/${id}`,
    `/amc/${id}/delete`,
    "/rackadmin",
    "/rackadmin/print/1",
    "/import/contracts",
  ]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    found.push(...(await axeViolations(page)));
  }
  expect(found).toEqual([]);
});
