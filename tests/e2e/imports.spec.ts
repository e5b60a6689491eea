import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
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

/** Uploads CSV text on an import page and waits for its preview. */
async function previewCsv(page: Page, uploadPath: string, name: string, lines: string[]) {
  await page.goto(uploadPath);
  await page.getByLabel("Spreadsheet (.xlsx or .csv, at most 10 MB)").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\r\n")),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: /: preview$/ })).toBeVisible();
  return page.getByRole("table", { name: "Rows of the file" });
}

/** No axe-core violations of WCAG 2.1 A and AA (a script in the page: JavaScript on only). */
async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  expect(await axeViolations(page)).toEqual([]);
}

const SPARES_HEADER =
  "Serial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time,Excess/Short Fall,Status of Order";
const ownSerial = () => 600_000_000 + Math.floor(Math.random() * 90_000_000) * 2;

test("the preview marks a row in error and shows each message in the error style under its cell's value", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const name = uniqueName("Typo pump");
  const base = ownSerial();
  const preview = await previewCsv(page, "/import/products/Technician", "typos.csv", [
    "Spare parts of the Technician department,,,,,,,",
    SPARES_HEADER,
    ",,,nos,nos,days,,",
    `${base},${name},Impeller,two,5,2,,`,
    `${base + 1},${name} B,Seal,3,5,2,,`,
  ]);
  // The title row and the units row are said, not silently dropped.
  await expect(page.getByText("Row 1, above the headers, was skipped.")).toBeVisible();
  await expect(page.getByText('Row 3 was taken for units ("nos", "days") and skipped.')).toBeVisible();

  const bad = preview.getByRole("row").filter({ hasText: `${name}Impeller` });
  await expect(bad).toHaveClass(/import-error/);
  // Marked by a sign and a word, not by colour alone.
  await expect(bad.getByRole("cell").first()).toHaveText("⚠ Error");
  const cell = bad.getByRole("cell").filter({ hasText: "Available stock must be a number." });
  const message = cell.getByRole("listitem");
  await expect(message).toHaveText("Available stock must be a number.");
  await expect(message).toHaveCSS("color", "rgb(179, 38, 30)");
  // The value and its message on lines of their own, not "twoAvailable stock must be …".
  expect(await cell.innerText()).toBe("two\nAvailable stock must be a number.");
  const value = await cell.locator(".import-cell-value").boundingBox();
  const below = await message.boundingBox();
  expect(value && below && below.y >= value.y + value.height).toBe(true);

  const fine = preview.getByRole("row").filter({ hasText: `${name} B` });
  await expect(fine).not.toHaveClass(/import-error/);
  await expect(fine.getByRole("cell").first()).toHaveText("New");
  await expectAccessible(page, js);
});

test("the preview shows dates as the app does (dd/mm/yyyy) and names an ambiguous one's row", async ({
  page,
  login,
}) => {
  await login("staff");
  const name = uniqueName("Dated crane");
  const preview = await previewCsv(page, "/import/contracts", "dates.csv", [
    "Equipment,Company,Validity From,Validity To,PMS",
    `${name},Demag,2026-04-01,2027-03-31,Monthly`,
    `${name} B,Indef,04/01/2026,05/02/2026,Monthly`,
  ]);
  const fine = preview.getByRole("row").filter({ hasText: `${name}Demag` });
  await expect(fine).toContainText("01/04/2026");
  await expect(fine).toContainText("31/03/2027");
  await expect(fine).not.toContainText("2026-04-01");
  const odd = preview.getByRole("row").filter({ hasText: `${name} B` });
  await expect(odd).toContainText('Row 3: "04/01/2026" could be 4 January or 1 April');
});

test("Undo this import asks first, and undoes only once confirmed", async ({ page, login, js }) => {
  await login("admin");
  const name = uniqueName("Undone pump");
  const file = `undo-${name.split(" ").pop()}.csv`;
  await previewCsv(page, "/import/products/Technician", file, [
    SPARES_HEADER,
    `${ownSerial()},${name},Seal,1,1,1,,`,
  ]);
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page).toHaveURL(/\/products\/Technician$/);

  await page.goto("/import/products/Technician");
  const entry = page.getByRole("main").getByRole("listitem").filter({ hasText: file });
  const question = `Undo the import of ${file}? The records it added are deleted and the ones it changed are put back as they were.`;
  if (js) {
    // The confirmation page the link leads to without JavaScript, checked by axe here.
    const href = await entry.getByRole("link", { name: `Undo this import ${file}` }).getAttribute("href");
    await page.goto(href ?? "");
    await expect(page.getByRole("button", { name: "Yes, undo it" })).toBeVisible();
    await expectAccessible(page, js);
    await page.goto("/import/products/Technician");
  }
  await entry.getByRole("link", { name: `Undo this import ${file}` }).click();
  if (js) {
    const dialog = page.getByRole("dialog", { name: "Confirm undo" });
    await expect(dialog).toContainText(question);
    await expectAccessible(page, js);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(entry).not.toContainText("(undone)");
    await entry.getByRole("link", { name: `Undo this import ${file}` }).click();
    await dialog.getByRole("button", { name: "Yes, undo it" }).click();
  } else {
    await expect(page).toHaveURL(/\/import\/products\/Technician\/[0-9a-f-]+\/undo$/);
    await expect(
      page.getByRole("heading", { name: "Undo an import into Technician spare parts" }),
    ).toBeVisible();
    await expect(page.getByText(question)).toBeVisible();
    await page.getByRole("button", { name: "Yes, undo it" }).click();
  }
  await expect(page).toHaveURL(/\/import\/products\/Technician$/);
  await expect(page.getByText(`Undid the import of ${file}: 1 row put back.`).first()).toBeVisible();
  await expect(entry).toContainText("(undone)");
});

test("a file with values far right of the table is refused, naming the limit, and the form stays", async ({
  page,
  login,
}) => {
  await login("staff");
  const header =
    "Serial Number,Assets,Components/Equipments,Available stock,Min Stock,Lead time,Excess/Short Fall,Status of Order";
  const csv = `${header}\r\n1,Pump,Seal,1,1,1,,${",".repeat(40)}x\r\n`;
  await page.goto("/import/products/Technician");
  await page.getByLabel("Spreadsheet (.xlsx or .csv, at most 10 MB)").setInputFiles({
    name: "wide.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByText(/The file has values in column [A-Z]+, beyond the 18 columns/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Import into Technician spare parts" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview" })).toBeVisible();
});
