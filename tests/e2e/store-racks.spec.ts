import type { Locator, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { expect, searchFor, test, uniqueName } from "./fixtures.ts";

// Store racks (issue #4): /about, insert, update, delete and search, with JavaScript on and off.

const DELETE_QUESTION =
  "Are you sure you want to permanently delete this item? This action cannot be undone.";

const row = (scope: Page | Locator, materialName: string) =>
  scope.getByRole("row").filter({ hasText: materialName });

/** Puts an item in a rack through the JSON API (the test's own data, quickly). */
async function createItem(page: Page, rackNumber: number, materialName: string, amounts = {}) {
  const response = await page.request.post(`/api/rack/${rackNumber}`, {
    data: { section: "S1", materialName, availableStock: 10, issue: 2, receit: 5, ...amounts },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { _id: string; version: number };
}

/** /about filtered to one rack (the spec's panel of that rack), all its items on one page. */
async function openRack(page: Page, rackNumber: number) {
  await page.goto(`/about?rack=${rackNumber}&size=200`);
  const main = page.getByRole("main");
  await expect(main.getByRole("columnheader", { name: "Closing Stock" })).toBeVisible();
  return main;
}

/** The count in the rack's header row matches the rows the table holds. */
async function expectCountMatchesRows(scope: Locator) {
  const rows = await scope
    .locator("tbody tr")
    .filter({ has: scope.page().getByRole("link", { name: "Update" }) })
    .count();
  await expect(scope.locator(".rack-header")).toContainText(`(${rows} ${rows === 1 ? "item" : "items"})`);
}

/** A row's cells, its material name (the row header) included. */
const cellsOf = (scope: Locator, materialName: string) => row(scope, materialName).locator("td, th");

test.describe("Store Racks page", () => {
  test("shows racks 1 to 24 in order with their categories", async ({ page, login }) => {
    await login("staff");
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await createItem(page, 5, uniqueName("Hydrated"));
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Store Racks" })).toBeVisible();
    // The spec's 24 panel labels are the rack filter's choices.
    const labels = (await page.getByLabel("Rack", { exact: true }).locator("option").allTextContents()).slice(
      1,
    );
    expect(labels).toHaveLength(24);
    expect(labels.slice(0, 3)).toEqual([
      "RACK 1 - Technician/Kosan",
      "RACK 2 - Technician/Kosan",
      "RACK 3 - Technician",
    ]);
    expect(labels[6]).toBe("RACK 7 - Electrician");
    expect(labels[10]).toBe("RACK 11 - Fire Fighting");
    expect(labels[23]).toBe("RACK 24 - Technician");
    const details = await openRack(page, 5);
    await expect(details.locator(".rack-header")).toContainText("RACK 5 - Technician");
    for (const column of [
      "Section",
      "Material Name",
      "Available Stock",
      "Issue",
      "Receipt",
      "Stock",
      "Update",
      "Delete",
    ]) {
      await expect(details.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    // The page hydrates cleanly (the rows render exactly what the server rendered).
    await page.goto("/insertproducts/5");
    await expect(page.getByLabel("Opening Stock")).toBeVisible();
    expect(errors).toEqual([]);
  });

  // One rack in the browser: the racks' categories are listed by the test above, and inserting into
  // every rack is the same code (tests/integration/store-racks.test.ts covers the rules).
  for (const { rackNumber, category } of [{ rackNumber: 13, category: "Fire Fighting" }]) {
    test(`inserts into rack ${rackNumber} (${category}) and shows the item in its panel`, async ({
      page,
      login,
    }) => {
      await login("staff");
      const material = uniqueName(`${category} part`);
      const details = await openRack(page, rackNumber);
      await details.getByRole("link", { name: "Insert New Item" }).click();
      await expect(page).toHaveURL(new RegExp(`/insertproducts/${rackNumber}$`));
      await expect(page.getByRole("heading", { name: "Insert Rack Data" })).toBeVisible();
      await expect(page.getByText(`RACK ${rackNumber} - ${category}`)).toBeVisible();

      await page.getByLabel("Section").fill("Shelf 3");
      await page.getByLabel("Material Name").fill(material);
      await page.getByLabel("Opening Stock").fill("12.5");
      await page.getByRole("button", { name: "Insert" }).click();

      await expect(page.getByText("Data inserted successfully!")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "stock 12.5." })).toBeVisible();
      // The form is fresh for the next item.
      await expect(page.getByLabel("Material Name")).toHaveValue("");
      await page.getByRole("link", { name: "Go to Store Racks" }).click();
      await expect(page).toHaveURL(/\/about$/);

      const after = await openRack(page, rackNumber);
      await expect(cellsOf(after, material)).toHaveText([
        String(rackNumber),
        "Shelf 3",
        material,
        "12.5",
        "0",
        "0",
        "12.5",
        "Issue Receive Stock card",
        "Update",
        "Delete",
      ]);
      await expectCountMatchesRows(after);
      // In no other rack.
      await page.goto(`/about?q=${encodeURIComponent(material)}`);
      await expect(cellsOf(page.getByRole("main"), material).first()).toHaveText(String(rackNumber));
      await expect(row(page.getByRole("main"), material)).toHaveCount(1);
    });
  }

  test("All racks (a new store's first view) offers Insert New Item, whose form asks the rack", async ({
    page,
    login,
  }) => {
    await login("staff");
    const material = uniqueName("First item");
    await page.goto("/about");
    await page.getByRole("main").getByRole("link", { name: "Insert New Item", exact: true }).click();
    await expect(page).toHaveURL(/\/insertproducts$/);
    await page.getByLabel("Section").fill("Shelf 1");
    await page.getByLabel("Material Name").fill(material);
    await page.getByLabel("Opening Stock").fill("3");
    await page.getByRole("button", { name: "Insert" }).click();
    // No rack chosen: refused with the typed values kept.
    await expect(page.getByText("Rack is required.")).toBeVisible();
    await expect(page.getByLabel("Material Name")).toHaveValue(material);
    await page
      .getByRole("combobox", { name: "Rack", exact: true })
      .selectOption({ label: "RACK 9 - Electrician" });
    await page.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved ${material} in rack 9` })).toBeVisible();
    const after = await openRack(page, 9);
    await expect(cellsOf(after, material).first()).toHaveText("9");
  });

  test("unknown rack numbers give the 404 page", async ({ page, login }) => {
    await login("staff");
    for (const path of [
      "/insertproducts/0",
      "/insertproducts/25",
      "/insertproducts/abc",
      "/rackupdate/25/x",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    const missing = await page.goto("/rackupdate/3/00000000-0000-4000-8000-000000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("No data found for the specified rack and ID.")).toBeVisible();
  });
});

test.describe("Insert Rack Data form", () => {
  test("refuses a missing field or a bad opening stock and keeps what was typed", async ({ page, login }) => {
    await login("staff");
    const material = uniqueName("Refused");
    await page.goto("/insertproducts/10");
    await page.getByLabel("Section").fill("X");
    await page.getByLabel("Section").fill("");
    await page.getByLabel("Material Name").fill(material);
    await page.getByLabel("Opening Stock").fill("-5");
    await page.getByRole("button", { name: "Insert" }).click();
    await expect(page.getByText("Section is required.")).toBeVisible();
    await expect(page.getByText("Opening stock cannot be below zero.")).toBeVisible();
    await expect(page.getByLabel("Material Name")).toHaveValue(material);
    await expect(page).toHaveURL(/\/insertproducts\/10$/);
    await page.goto(`/about?q=${encodeURIComponent(material)}`);
    await expect(row(page.getByRole("main"), material)).toHaveCount(0);
  });
});

test.describe("Update Product form", () => {
  test("renames an item; its stock is not typed here but shown with its stock card", async ({
    page,
    login,
  }) => {
    await login("staff");
    const material = uniqueName("Fuse");
    await createItem(page, 8, material, { availableStock: 10, issue: 2, receit: 5 });
    const details = await openRack(page, 8);
    await row(details, material).getByRole("link", { name: "Update" }).click();
    await expect(page.getByRole("heading", { name: "Update Product" })).toBeVisible();
    await expect(page.getByLabel("Material Name")).toHaveValue(material);
    await expect(page.getByLabel("Issue")).toHaveCount(0);
    await expect(page.getByText("in stock: 13")).toBeVisible();
    await page.getByLabel("Material Name").fill(`${material} B`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Data updated successfully!")).toBeVisible();
    // A second save from the same page works (the form holds the new version). "Saved." is on
    // the page from the first save already, so the test waits for this save's answer itself.
    await page.getByLabel("Section").fill("S2");
    const saving = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/rackupdate/"),
    );
    await page.getByRole("button", { name: "Update" }).click();
    expect((await saving).status()).toBeLessThan(400);
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.getByRole("link", { name: "Go to Store Racks" }).click();
    const after = await openRack(page, 8);
    await expect(cellsOf(after, `${material} B`)).toHaveText([
      "8",
      "S2",
      `${material} B`,
      "10",
      "2",
      "5",
      "13",
      "Issue Receive Stock card",
      "Update",
      "Delete",
    ]);
  });

  test("reports a change made by someone else and keeps the user's input", async ({ page, login }) => {
    await login("staff");
    const material = uniqueName("Valve");
    const item = await createItem(page, 18, material);
    await page.goto(`/rackupdate/18/${item._id}`);
    await page.getByLabel("Material Name").fill(`${material} (mine)`);
    // Someone else saves meanwhile.
    const other = await page.request.put(`/api/rackupdate/18/${item._id}`, {
      data: {
        section: "S1",
        materialName: `${material} (theirs)`,
        availableStock: 10,
        issue: 2,
        receit: 5,
        version: 1,
      },
      headers: { origin: baseURL },
    });
    expect(other.status()).toBe(200);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(
      page.getByText("This record was changed by someone else. Reload and try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Material Name")).toHaveValue(`${material} (mine)`);
    await page.goto("/about");
    await expect(page.getByText(`${material} (theirs)`)).toHaveCount(1);
    await expect(page.getByText(`${material} (mine)`)).toHaveCount(0);
  });
});

test.describe("delete and search", () => {
  test("deletes an item after confirmation (a dialog with JavaScript, a page without)", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const material = uniqueName("Gasket");
    await createItem(page, 12, material);
    const details = await openRack(page, 12);
    await row(details, material).getByRole("link", { name: "Delete" }).click();
    if (js) {
      const dialog = page.getByRole("dialog", { name: "Confirm delete" });
      await expect(dialog.getByText(DELETE_QUESTION)).toBeVisible();
      // Cancel keeps it.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await expect(row(details, material)).toHaveCount(1);
      await row(details, material).getByRole("link", { name: "Delete" }).click();
      await dialog.getByRole("button", { name: "Yes, delete" }).click();
    } else {
      await expect(page).toHaveURL(/\/about\/12\/[0-9a-f-]{36}\/delete$/);
      await expect(page.getByText(DELETE_QUESTION)).toBeVisible();
      await expect(page.getByText(material)).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
    }
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByText("Item deleted successfully")).toBeVisible();
    await expect(page.getByText(material)).toHaveCount(0);
    await expectCountMatchesRows(await openRack(page, 12));
  });

  test("searches every rack, filters by rack, and prints the filtered list", async ({ page, login, js }) => {
    await login("staff");
    const material = uniqueName("Searchable nozzle");
    await createItem(page, 19, material);
    await createItem(page, 18, `${material} spare`);
    await page.goto("/about");
    await searchFor(page, material.toLowerCase());
    const main = page.getByRole("main");
    await expect(page).toHaveURL(/\/about\?q=/);
    await expect(main.getByRole("status").filter({ hasText: "match" })).toHaveText(
      `2 items match '${material.toLowerCase()}'`,
    );
    const cell = main.getByRole("rowheader", { name: material, exact: true });
    await expect(cell.locator("mark")).toHaveText(material);
    await expect(main.locator(".rack-header").first()).toContainText("RACK 18 - Electrician");

    await main.getByLabel("Rack", { exact: true }).selectOption({ label: "RACK 19 - Fire Fighting" });
    if (!js) await main.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/rack=19/);
    await expect(main.getByText("Rows 1–1 of 1")).toBeVisible();
    await expect(main.locator("table mark")).toHaveText([material]);

    await main.getByRole("link", { name: /^Print/ }).click();
    await expect(page).toHaveURL(/\/about\/print\?/);
    await expect(
      page.getByText(`Rack: RACK 19 - Fire Fighting · Search: '${material.toLowerCase()}'`),
    ).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
  });
});
