import { expect, test, uniqueName } from "./fixtures.ts";

// Imports (issue 18): a department's lines from a CSV, upload → preview → confirm, with JavaScript
// on and off. The preview's outcomes, the limits and undo are covered in tests/integration/imports.test.ts.

test("staff import two new spares lines from a CSV after checking the preview", async ({ page, login }) => {
  await login("staff");
  const name = uniqueName("Imported pump");
  // Serial numbers of this test's own (other tests add lines to the same table).
  const base = 700_000_000 + Math.floor(Math.random() * 90_000_000) * 2;
  const csv = [
    "Serial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time,Excess/Short Fall,Status of Order",
    `${base},${name} A,Impeller,"1,250",5,2,,`,
    `${base + 1},${name} B,Seal,0,5,2,,`,
  ].join("\r\n");

  await page.goto("/products/Technician");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Import into Technician spare parts" })).toBeVisible();
  await page.getByLabel("Spreadsheet (.xlsx or .csv, at most 10 MB)").setInputFiles({
    name: "pumps.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(
    page.getByRole("heading", { name: "Import into Technician spare parts: preview" }),
  ).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "pumps.csv" })).toContainText("2 new, 0 changed");
  const preview = page.getByRole("table", { name: "Rows of the file" });
  await expect(preview.getByRole("row").filter({ hasText: `${name} A` })).toContainText("New");
  await page.getByRole("button", { name: "Import 2 rows" }).click();

  await expect(page).toHaveURL(/\/products\/Technician$/);
  await expect(page.getByText(/Imported 2 rows from pumps\.csv/).first()).toBeVisible();
  await page.goto(`/products/Technician?q=${encodeURIComponent(name)}`);
  const rows = page.getByRole("main").getByRole("row").filter({ hasText: name });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${name} A` })).toContainText("1250");
});

test("staff import a file into the file index from Admin Racks' Import link", async ({ page, login }) => {
  await login("staff");
  const name = uniqueName("Imported permits");
  // A number of this test's own in Rack2D (other tests add files to the same racks).
  const number = 500_000 + Math.floor(Math.random() * 490_000);
  const csv = ["Rack,Sr. No,Name of the File", `Rack2D,${number},${name}`].join("\r\n");

  await page.goto("/rackadmin");
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Import into the file index" })).toBeVisible();
  await expect(page.getByText("Rack + Sr. No").first()).toBeVisible();
  await page.getByLabel("Spreadsheet (.xlsx or .csv, at most 10 MB)").setInputFiles({
    name: "files.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Preview" }).click();

  await expect(page.getByRole("status").filter({ hasText: "files.csv" })).toContainText("1 new, 0 changed");
  await page.getByRole("button", { name: "Import 1 row" }).click();

  await expect(page).toHaveURL(/\/rackadmin$/);
  await expect(page.getByText(/Imported 1 row from files\.csv/).first()).toBeVisible();
  await page.goto(`/rackadmin?q=${encodeURIComponent(name)}`);
  const rack = page.locator('details[data-rack="Rack2D"]');
  await expect(rack.getByRole("row").filter({ hasText: name })).toContainText(String(number));
});
