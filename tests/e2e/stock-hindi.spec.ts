import type { Locator } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { accountIn, expect, signIn, test, uniqueName } from "./fixtures.ts";

// A storekeeper's stock issue in Hindi (issue 37), with JavaScript off and on: a staff account whose
// language is Hindi opens a rack item's stock card, issues through the form, reads the Hindi
// confirmation and the new balance, and prints the card. What stays in Latin letters is what people
// typed (the item, its section, the slip, who took it), the formats' names (Excel, CSV) and the
// browser's own Print (Ctrl+P) command.

const RACK = 16;

/** The English words left in a part of the page once the given texts (people's records) are taken out. */
async function englishIn(part: Locator, records: readonly string[]) {
  // Every text, the screen readers' only ones too; not the print view's inline style and script.
  let text = await part.evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const code of copy.querySelectorAll("style, script")) code.remove();
    return copy.textContent ?? "";
  });
  for (const record of records) text = text.replaceAll(record, " ");
  return text.replace(/\b(?:Excel|CSV|Print|Ctrl|P)\b/g, " ").match(/[A-Za-z]{2,}/g);
}

test("a storekeeper issues stock from a rack item's card and prints it, in Hindi", async ({ page, js }) => {
  test.setTimeout(180_000);
  const account = await accountIn("hi");
  await signIn(page, account);
  const material = uniqueName("Gland packing");
  const created = await page.request.post(`/api/rack/${RACK}`, {
    data: { section: "L1", materialName: material, availableStock: 10, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const found: string[] = [];

  // The stock card, in Hindi: its heading, where the item is kept, what is in stock.
  await page.goto(`/stock/rack/${id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: `स्टॉक कार्ड: ${material}` })).toBeVisible();
  await expect(main.getByText(`रैक ${RACK} - टेक्नीशियन, सेक्शन L1 · अभी स्टॉक में: 10`)).toBeVisible();
  if (js) found.push(...(await axeViolations(page)));

  // The issue form: its own page (a link, with JavaScript or without).
  await main.getByRole("link", { name: "इश्यू", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/stock/rack/${id}/issue\\?back=`));
  await expect(main.getByRole("heading", { level: 1, name: `इश्यू: ${material}` })).toBeVisible();
  await expect(main.getByText("अभी स्टॉक में: 10")).toBeVisible();
  expect(await englishIn(main, [material, "L1"])).toBeNull();
  if (js) found.push(...(await axeViolations(page)));
  await main.getByLabel("इश्यू की गई मात्रा").fill("3");
  await main.getByLabel("संदर्भ").fill("SL-9");
  await main.getByLabel("किसे दिया").fill("Fitter Ravi");
  await main.getByRole("button", { name: "इश्यू दर्ज करें" }).click();

  // Back on the card: the Hindi confirmation, the new balance, the issue in its row.
  await expect(page).toHaveURL(new RegExp(`/stock/rack/${id}$`));
  await expect(page.getByText("इश्यू दर्ज हो गया।").first()).toBeVisible();
  await expect(main.getByText(`रैक ${RACK} - टेक्नीशियन, सेक्शन L1 · अभी स्टॉक में: 7`)).toBeVisible();
  const card = main.getByRole("table", { name: `${material} का स्टॉक कार्ड` });
  await expect(card.getByRole("columnheader")).toContainText(["तारीख", "प्रकार", "संदर्भ"]);
  const issued = card.getByRole("row").filter({ hasText: "SL-9" });
  await expect(issued.locator("td")).toContainText(["इश्यू", "SL-9", "Fitter Ravi", "", "3", "7"]);
  const enteredBy = (await issued.locator("td").nth(8).innerText()).trim();
  // Every word of the card is Hindi, its charts' titles, descriptions and axes too.
  expect(await englishIn(main, [material, "L1", "SL-9", "Fitter Ravi", enteredBy])).toBeNull();

  // The card's print view (sent without JavaScript), in Hindi.
  await main.getByRole("link", { name: "प्रिंट करें", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/stock/rack/${id}/print$`));
  await expect(page.getByRole("heading", { level: 1, name: `स्टॉक कार्ड: ${material}` })).toBeVisible();
  await expect(page.getByText(`जगह: रैक ${RACK} - टेक्नीशियन, सेक्शन L1`)).toBeVisible();
  await expect(page.getByRole("row", { name: /क्लोज़िंग बैलेंस/ })).toContainText("7");
  await expect(page.getByText("स्टोरकीपर (नाम और हस्ताक्षर)")).toBeVisible();
  await expect(page.locator("script[type=module]")).toHaveCount(0);
  expect(
    await englishIn(page.getByRole("main"), [material, "L1", "SL-9", "Fitter Ravi", enteredBy]),
  ).toBeNull();
  if (js) found.push(...(await axeViolations(page)));

  // The lists the storekeeper works from, in Hindi, keep 0 axe violations too.
  if (js) {
    for (const path of [`/about?rack=${RACK}`, "/products/Electrician", "/stock/report"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      found.push(...(await axeViolations(page)));
    }
  }
  expect(found).toEqual([]);
});
