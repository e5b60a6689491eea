import AxeBuilder from "@axe-core/playwright";
import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Issue 17 "History", with JavaScript on and off: a contract's page shows who changed what, field by
// field, and the admin's /audit lists the change, filtered by record type. Every record type's
// history, the permissions and /audit's filters and paging are in tests/integration/history.test.ts.

test("editing a contract shows the change before → after on its page, and /audit lists it by record type", async ({
  page,
  login,
  js,
}) => {
  const admin = await login("admin");
  const equipment = uniqueName("Hydrant pump");
  const added = await page.request.post("/api/equipment/add", {
    data: {
      equipment,
      company: "Kirloskar",
      validity: { from: "2026-04-01", to: "2027-03-31" },
      pms: "Quarterly",
    },
    headers: { origin: baseURL },
  });
  expect(added.status()).toBe(201);
  const { _id: id } = ((await added.json()) as { newEquipment: { _id: string } }).newEquipment;

  await page.goto(`/amcupdate/${id}`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("article")).toHaveCount(1);
  await expect(history.getByRole("article").first()).toContainText("Created by");

  await page.getByLabel(/^Company( \*)?$/).fill("Atlas Copco");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/amc$/);

  await page.goto(`/amcupdate/${id}`);
  const latest = history.getByRole("article").first();
  await expect(latest).toContainText("Changed by");
  await expect(latest.getByRole("row", { name: /Company/ })).toHaveText(/Company\s*Kirloskar\s*Atlas Copco/);
  await expect(history.getByRole("article")).toHaveCount(2);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AUDIT LOG" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Record type").selectOption({ label: "Contract" });
  const search = page.getByLabel("Search changes");
  await search.fill(equipment);
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/type=contract/);
  // The list's own rows (each holds a table of its field changes).
  const rows = page
    .getByRole("table", { name: "Changes" })
    .locator(":scope > tbody > tr")
    .filter({ hasText: equipment });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Changed");
  await expect(rows.first()).toContainText(admin.email);
  await expect(rows.first().getByRole("row", { name: /Company/ })).toHaveText(/Kirloskar\s*Atlas Copco/);
  // The row links to the contract, which still exists.
  await rows
    .first()
    .getByRole("link", { name: new RegExp(equipment) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/amcupdate/${id}$`));

  // The new markup keeps the pages free of WCAG A/AA violations (axe runs as a script: JavaScript on).
  if (js) {
    test.setTimeout(180_000);
    const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
    expect((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations).toEqual([]);
    await page.goto(`/audit?type=contract&q=${encodeURIComponent(equipment)}`);
    expect((await new AxeBuilder({ page }).withTags(wcag).analyze()).violations).toEqual([]);
  }
});
