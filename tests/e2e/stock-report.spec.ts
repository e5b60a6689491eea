import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Issue 17 on the spares lines: a line issued from its row in the department table → the stock
// report shows the issue → its print view, with JavaScript on (the dialog) and off (the form page).

test("a spares line issued from its table row shows in the stock report and its print view", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const name = uniqueName("Contactor coil");
  const srno = 700_000_000 + Math.floor(Math.random() * 100_000_000);
  const created = await page.request.post("/api/Electrician/create", {
    data: {
      srno,
      Assets: "MCC panel",
      ComponentsAndEquipments: name,
      AvailableStock: 10,
      MinStock: 2,
      LeadTime: 30,
    },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The table: the ledger's stock, no use yet ("—"), and the row's stock links.
  await page.goto(`/products/Electrician?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell").nth(3)).toHaveText("10");
  await expect(row.getByRole("cell").nth(8)).toHaveText("—");
  await row.getByRole("link", { name: "Issue" }).click();
  const form = js ? page.getByRole("dialog", { name: `Issue: ${name}` }) : page.getByRole("main");
  if (!js) await expect(page).toHaveURL(/\/stock\/spare\/[^/]+\/issue\?back=/);
  await form.getByLabel("Quantity issued").fill("4");
  await form.getByLabel("Reference").fill("Slip 4471");
  await form.getByRole("button", { name: "Record issue" }).click();

  // Back on the same view of the table, the stock and the days of cover follow the issue:
  // 4 in 90 days, 6 left → 135 days of cover.
  await expect(page).toHaveURL(/\/products\/Electrician\?q=/);
  await expect(page.getByText("Issue recorded.")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("6");
  await expect(row.getByRole("cell").nth(8)).toHaveText("135");

  // The report of this month: opening 10 (the line's opening), issues 4, closing 6.
  await page.goto(`/stock/report?items=spare&department=Electrician&q=${encodeURIComponent(name)}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Stock report" })).toBeVisible();
  const line = main.getByRole("row").filter({ hasText: name });
  await expect(line.getByRole("cell")).toHaveText([`${srno} · MCC panel`, "10", "0", "4", "0", "6", "Card"]);
  await expect(main.getByRole("row", { name: /Electrician spares lines/ })).toContainText("(1 item, totals)");

  // Its print view: the whole filtered report, the filters and the time in its header.
  await main.getByRole("link", { name: "Print the stock report" }).click();
  await expect(page).toHaveURL(/\/stock\/report\/print\?/);
  await expect(page.getByRole("heading", { name: "Stock report" })).toBeVisible();
  await expect(
    page.getByText(
      /^Showing: Period: \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4} · Items: Spares lines · Department: Electrician · Search: '/,
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Printed \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name }).getByRole("cell")).toHaveText([
    name,
    `${srno} · MCC panel`,
    "10",
    "0",
    "4",
    "0",
    "6",
  ]);
  expect(await page.locator("script[src]").count()).toBe(0);
});
