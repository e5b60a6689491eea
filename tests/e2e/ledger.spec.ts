import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Issue 17 in the browser, with JavaScript on (the issue dialog) and off (the form's page), as ONE
// walk a storekeeper makes: issue from a store rack's row → the stock card with its running
// balance → reverse the issue → the period's stock report and its print view → the stock card's
// print view → the item's history on its page → /audit filtered by record type. The rules (below
// zero, dates, counts, races, paging, every refusal) are in tests/integration/ledger-*.test.ts,
// ledger.test.ts, stock-report.test.ts and history.test.ts.

const RACK = 16;

const itemRow = (page: Page, name: string) =>
  page.getByRole("main").getByRole("row").filter({ hasText: name });

test("a rack item issued, seen on its stock card, reversed, reported, printed, and its history", async ({
  page,
  admin,
  js,
}) => {
  // The admin alone walks it all (racks: write; /audit: read), with only the admin's session.
  const material = uniqueName("Gland packing");
  const created = await page.request.post(`/api/rack/${RACK}`, {
    data: { section: "L1", materialName: material, availableStock: 10, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  // An issue through the API first, so the report still has one after the walk's is reversed.
  const earlier = await page.request.post(`/api/stock/rack/${id}/movements`, {
    data: { kind: "issue", quantity: 2, reference: "SL-6" },
    headers: { origin: baseURL },
  });
  expect(earlier.status()).toBe(201);

  // 1. Issue from the row on /about: a dialog with JavaScript, the form's own page without.
  await page.goto(`/about?rack=${RACK}&q=${encodeURIComponent(material)}`);
  await itemRow(page, material)
    .getByRole("link", { name: `Issue ${material}` })
    .click();
  const form = js ? page.getByRole("dialog") : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(/\/stock\/rack\/[0-9a-f-]+\/issue\?back=/);
  await expect(form.getByText("in stock now: 8")).toBeVisible();
  await form.getByLabel("Quantity issued").fill("9");
  await form.getByLabel("Reference").fill("SL-7");
  await form.getByLabel("Issued to").fill("Fitter Ravi");
  await form.getByRole("button", { name: "Record issue" }).click();
  // Refused on the server with the day's stock; the form comes back filled in.
  await expect(form.getByText(/^Only 8 in stock on \d{2}\/\d{2}\/\d{4}\.$/).first()).toBeVisible();
  await expect(form.getByLabel("Reference")).toHaveValue("SL-7");
  // With JavaScript the page's data reloads after the refusal: the button waits for it.
  await expect(form.getByRole("button", { name: "Record issue" })).toBeEnabled();
  await form.getByLabel("Quantity issued").fill("3");
  await form.getByRole("button", { name: "Record issue" }).click();
  await expect(page.getByText("Issue recorded.").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/about\\?rack=${RACK}&q=`));
  if (js) await expect(page.getByRole("dialog")).toBeHidden();
  // This month: Available (the opening put in this month), Issue, Receipt, Closing.
  await expect(itemRow(page, material).locator("td.num")).toHaveText(["10", "5", "0", "5"]);

  // 2. The stock card: the movements in date order with the running balance, on one page.
  await itemRow(page, material)
    .getByRole("link", { name: `Stock card of ${material}` })
    .click();
  await expect(page.getByRole("heading", { name: `Stock card: ${material}` })).toBeVisible();
  const card = page.getByRole("table", { name: `Stock card of ${material}` });
  const issueRow = card.getByRole("row").filter({ hasText: "SL-7" }).filter({ hasNotText: "Reversal" });
  await expect(issueRow.locator("td")).toContainText(["Issue", "SL-7", "Fitter Ravi", "", "3", "5"]);
  await expect(page.getByText("Rows 1–3 of 3")).toBeVisible();

  // 3. Reverse it: both stay on the card, the issue struck through, the balance back to 8.
  await issueRow.getByRole("link", { name: /^Reverse the issue of/ }).click();
  await expect(page.getByRole("heading", { name: "Reverse a movement" })).toBeVisible();
  await page.getByLabel("Why (remark)").fill("Wrong item");
  await page.getByRole("button", { name: "Yes, reverse" }).click();
  await expect(page.getByText("Movement reversed.").first()).toBeVisible();
  await expect(issueRow).toHaveClass(/reversed/);
  await expect(issueRow).toContainText("Reversed");
  const reversal = card.getByRole("row").filter({ hasText: "Reverses the issue" });
  await expect(reversal.locator("td")).toContainText(["Reversal", "SL-7", "Fitter Ravi", "3", "", "8"]);
  await expect(reversal).toContainText("Wrong item");

  // 4. The card's print view (no JavaScript): item, location, the columns, every movement, the
  // closing balance and the signature line.
  await page.getByRole("link", { name: "Print", exact: true }).click();
  await expect(page).toHaveURL(/\/stock\/rack\/[0-9a-f-]+\/print$/);
  await expect(page.getByRole("heading", { name: `Stock card: ${material}` })).toBeVisible();
  await expect(page.getByText(`Location: RACK ${RACK} - Technician, section L1`)).toBeVisible();
  // The card's own table (its charts above it have the use per month as a table of their own).
  const printedCard = page.locator(".stock-card-print > table");
  await expect(printedCard.getByRole("columnheader")).toHaveText([
    "Date",
    "Kind",
    "Reference",
    "Received from / issued to",
    "Received",
    "Issued",
    "Balance",
    "Remark",
    "Entered by",
  ]);
  await expect(printedCard.locator("tbody tr")).toHaveCount(4);
  await expect(page.getByRole("row", { name: /Closing balance/ })).toContainText("8");
  await expect(page.getByText("Storekeeper (name and signature)")).toBeVisible();
  await expect(page.locator("script[type=module]")).toHaveCount(0);

  // 5. The stock report of this month for the item: opening 10 (put in this month), the API's issue
  // of 2 (the walk's issue and its reversal cancel out), closing 8; then its print view.
  await page.goto(`/stock/report?items=rack&rack=${RACK}&q=${encodeURIComponent(material)}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Stock report" })).toBeVisible();
  await expect(main.getByRole("row").filter({ hasText: material }).getByRole("cell")).toHaveText([
    "L1",
    "10",
    "0",
    "2",
    "0",
    "8",
    "Card",
  ]);
  await main.getByRole("link", { name: "Print the stock report" }).click();
  await expect(page).toHaveURL(/\/stock\/report\/print\?/);
  await expect(page.getByRole("heading", { name: "Stock report" })).toBeVisible();
  await expect(
    page.getByText(
      /^Showing: Period: \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4} · Items: Store rack items · Rack: RACK 16 - Technician · Search: '/,
    ),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: material }).getByRole("cell")).toHaveText([
    material,
    "L1",
    "10",
    "0",
    "2",
    "0",
    "8",
  ]);
  await expect(page.locator("script[src]")).toHaveCount(0);

  // 6. History: change the item on its page, see the change field by field there and in /audit.
  await page.goto(`/rackupdate/${RACK}/${id}`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("article")).toHaveCount(1);
  await expect(history.getByRole("article").first()).toContainText("Created by");
  await page.getByLabel(/^Section( \*)?$/).fill("L2");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\?saved=1$/);
  const latest = history.getByRole("article").first();
  await expect(latest).toContainText("Changed by");
  await expect(latest.getByRole("row", { name: /Section/ })).toHaveText(/Section\s*L1\s*L2/);
  await expect(history.getByRole("article")).toHaveCount(2);
  // The history's markup has no WCAG A/AA violations (axe runs as a script: JavaScript on).
  if (js) expect(await axeViolations(page, "#history")).toEqual([]);

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Record type").selectOption({ label: "Rack item" });
  await page.getByLabel("Search changes").fill(material);
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/type=rack_item/);
  await expect(page).toHaveURL(/q=Gland/);
  // The list's own rows (each holds a table of its field changes).
  const rows = page
    .getByRole("table", { name: "Changes" })
    .locator(":scope > tbody > tr")
    .filter({ hasText: material });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Changed");
  await expect(rows.first()).toContainText(admin.email);
  await expect(rows.first().getByRole("row", { name: /Section/ })).toHaveText(/L1\s*L2/);
  await rows
    .first()
    .getByRole("link", { name: new RegExp(material) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/rackupdate/${RACK}/${id}$`));
});

test("the issue dialog takes no second post while the page reloads after a refusal", async ({
  page,
  login,
  js,
}) => {
  test.skip(!js, "without JavaScript the form is a page of its own, posted once per load");
  await login("admin");
  const material = uniqueName("Gasket set");
  const created = await page.request.post(`/api/rack/${RACK}`, {
    data: { section: "L2", materialName: material, availableStock: 5, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/about?rack=${RACK}&q=${encodeURIComponent(material)}`);
  await itemRow(page, material)
    .getByRole("link", { name: `Issue ${material}` })
    .click();
  const form = page.getByRole("dialog");
  // The reload of the page's data that follows the refused post is held until the test lets it go.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "GET") await released;
    await route.continue();
  });
  await form.getByLabel("Quantity issued").fill("9");
  await form.getByRole("button", { name: "Record issue" }).click();
  await expect(form.getByText(/^Only 5 in stock on \d{2}\/\d{2}\/\d{4}\.$/).first()).toBeVisible();
  // The refusal is shown while the reload is in flight: no second post yet.
  await expect(form.getByRole("button", { name: "Recording..." })).toBeDisabled();
  release();
  await form.getByLabel("Quantity issued").fill("2");
  await form.getByRole("button", { name: "Record issue" }).click();
  await expect(page.getByText("Issue recorded.").first()).toBeVisible();
  await expect(form).toBeHidden();
  await expect(itemRow(page, material).locator("td.num")).toHaveText(["5", "2", "0", "3"]);
  // A link right after the save opens its page (the router's script error came here).
  await itemRow(page, material)
    .getByRole("link", { name: `Stock card of ${material}` })
    .click();
  await expect(page.getByRole("heading", { name: `Stock card: ${material}` })).toBeVisible();
});
