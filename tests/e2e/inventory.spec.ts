import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { expect, searchFor, test, uniqueName } from "./fixtures.ts";

// Spare-parts inventory (issue 3), in all three departments, with JavaScript on and off.

/** When the list's box became busy (and its opacity then), and when it was dimmed. */
type BusyTimes = { busyAt: number; opacityWhenBusy: string; slowAt: number };

const DEPARTMENTS = [
  { department: "Electrician", path: "/products" },
  { department: "FireFight", path: "/firefight" },
  { department: "Technician", path: "/technician" },
] as const;

const STALE = "This record was changed by someone else. Reload and try again.";
const QUESTION = "Are you sure you want to permanently delete this item? This action cannot be undone.";

/** A serial number no other test uses, with room for neighbours either side. */
const freshSrno = () => 10_000 + Math.floor(Math.random() * 80_000_000) * 10;

type Line = { _id: string; srno: number; version: number };

/** Adds a line through the API, as the signed-in user of the page. */
async function addLine(page: Page, department: string, line: Record<string, unknown>): Promise<Line> {
  const response = await page.request.post(`/api/${department}/create`, {
    data: {
      Assets: uniqueName("Asset"),
      ComponentsAndEquipments: "Spare",
      AvailableStock: 10,
      MinStock: 2,
      LeadTime: 5,
      ...line,
    },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: Line }).product;
}

const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

async function fillLine(page: Page, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value!);
}

// The line's flows in the browser for one department, FireFight: its menu address (/firefight) is
// not /products/{department}, so it also shows the user is brought back to the table they came
// from. The three departments' rules and addresses are the same code, covered for each in
// tests/integration/inventory-pages.test.ts and inventory-api.test.ts.
for (const { department, path } of DEPARTMENTS.filter((entry) => entry.department === "FireFight")) {
  test.describe(`${department} inventory`, () => {
    test("adds a line: sorted in place, red when it needs an order, green otherwise", async ({
      page,
      login,
      js,
    }) => {
      await login("staff");
      const srno = freshSrno();
      const before = await addLine(page, department, { srno: srno - 1, AvailableStock: 1, MinStock: 1 });
      const after = await addLine(page, department, { srno: srno + 1, AvailableStock: 9, MinStock: 1 });
      const name = uniqueName("Cable drum");
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(department);
      await page.getByRole("link", { name: "Insert New Line" }).click();
      await expect(page).toHaveURL(new RegExp(`/insertproduct/${department}$`));
      await expect(page.getByRole("heading", { name: "Enter Information" })).toBeVisible();

      await fillLine(page, {
        "Serial Number": String(srno),
        Assets: name,
        "Components/Equipments": "Armoured cable 4 sq mm",
        "Available stock": "2.5",
        "Min Stock": "5",
        "Lead time": "3",
      });
      // The status is an output worked out from the figures, never a field to type in.
      await expect(page.getByRole("textbox", { name: "Status of Order" })).toHaveCount(0);
      if (js) {
        // Live preview: excess/shortfall and the status follow the numbers.
        await expect(page.getByLabel("Excess/Short Fall")).toHaveValue("-2.5");
        await expect(page.getByLabel("Status of Order")).toHaveText("Order to place");
        await page.getByLabel("Available stock").fill("6");
        await expect(page.getByLabel("Excess/Short Fall")).toHaveValue("1");
        await expect(page.getByLabel("Status of Order")).toHaveText("Available");
        await page.getByLabel("Available stock").fill("2.5");
        await expect(page.getByLabel("Status of Order")).toHaveText("Order to place");
      }
      await page.getByRole("button", { name: "Insert" }).click();

      await expect(page).toHaveURL(new RegExp(`/products/${department}$`));
      await expect(page.getByText("Spares line added.")).toBeVisible();
      const row = rowOf(page, name);
      const cells = row.getByRole("cell");
      await expect(cells.nth(0)).toHaveText(String(srno));
      await expect(cells.nth(6)).toHaveText("-2.5");
      const status = cells.nth(7);
      await expect(status).toHaveText("Order to place");
      await expect(status).toHaveClass(/status-bad/);
      const green = rowOf(page, String(after.srno)).getByRole("cell").nth(7);
      await expect(green).toHaveText("Available");
      await expect(green).toHaveClass(/status-ok/);
      const colour = (cell: typeof status) => cell.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await colour(status)).not.toBe(await colour(green));
      expect(await colour(status)).toBe(
        await colour(rowOf(page, String(before.srno)).getByRole("cell").nth(7)),
      );

      // Sorted in place: srno − 1, the new line, srno + 1 follow each other.
      const serials = (await page.locator("tbody tr td:first-child").allTextContents()).map(Number);
      const at = serials.indexOf(srno);
      expect(serials.slice(at - 1, at + 2)).toEqual([srno - 1, srno, srno + 1]);
    });

    test("says what is wrong and keeps what was typed", async ({ page, login }) => {
      await login("staff");
      const name = uniqueName("Half filled");
      await page.goto(`/insertproduct/${department}`);
      await fillLine(page, { Assets: name, "Available stock": "-1", "Min Stock": "2" });
      await page.getByRole("button", { name: "Insert" }).click();
      await expect(page.getByText("Please fill all required fields.")).toBeVisible();
      await expect(page.getByText("Available stock cannot be negative.")).toBeVisible();
      await expect(page.getByLabel("Assets")).toHaveValue(name);
      await expect(page.getByLabel("Min Stock")).toHaveValue("2");
      await expect(page.getByLabel("Serial Number")).toHaveAttribute("aria-invalid", "true");

      const srno = freshSrno();
      await fillLine(page, {
        "Serial Number": String(srno),
        "Components/Equipments": "Gasket",
        "Available stock": "4",
        "Lead time": "1",
      });
      await page.getByRole("button", { name: "Insert" }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${department}$`));
      await expect(rowOf(page, name).getByRole("cell").nth(7)).toHaveText("Available");

      // The same serial number again is refused by the server, input kept.
      await page.goto(`/insertproduct/${department}`);
      await fillLine(page, {
        "Serial Number": String(srno),
        Assets: "Second",
        "Components/Equipments": "Gasket",
        "Available stock": "4",
        "Min Stock": "2",
        "Lead time": "1",
      });
      await page.getByRole("button", { name: "Insert" }).click();
      await expect(page.getByText(`Serial number ${srno} already exists in ${department}.`)).toBeVisible();
      await expect(page.getByLabel("Assets")).toHaveValue("Second");
    });

    test("updates a line, and refuses to overwrite someone else's change", async ({ page, login, js }) => {
      await login("staff");
      const name = uniqueName("Breaker");
      const line = await addLine(page, department, { srno: freshSrno(), Assets: name, AvailableStock: 8 });
      await page.goto(path);
      await rowOf(page, name).getByRole("link", { name: "Update" }).click();
      await expect(page).toHaveURL(new RegExp(`/updateproduct/${department}/${line._id}$`));
      await expect(page.getByRole("heading", { name: "Update Product Information" })).toBeVisible();
      await expect(page.getByLabel("Assets")).toHaveValue(name);
      // The stock is the ledger's: shown with what changes it, not typed over (issue 17).
      await expect(page.locator(".line-stock-figure strong")).toHaveText("8");
      await expect(page.getByRole("link", { name: "Issue" })).toBeVisible();
      await expect(page.getByLabel("Excess/Short Fall")).toHaveValue("6");

      // Someone else saves the line meanwhile.
      const other = await page.request.put(`/api/${department}/update/${line._id}`, {
        data: { ComponentsAndEquipments: "Changed by a colleague", version: line.version },
        headers: { origin: baseURL },
      });
      expect(other.status()).toBe(200);

      const mine = `${name} (mine)`;
      await fillLine(page, { Assets: mine, "Min Stock": "9" });
      if (js) await expect(page.getByLabel("Status of Order")).toHaveText("Order to place");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText(STALE)).toBeVisible();
      await expect(page.getByLabel("Assets")).toHaveValue(mine);
      await expect(page.getByLabel("Min Stock")).toHaveValue("9");

      // Reloaded, the form shows the colleague's change; saving now works.
      await page.goto(`/updateproduct/${department}/${line._id}`);
      await expect(page.getByLabel("Components/Equipments")).toHaveValue("Changed by a colleague");
      await fillLine(page, { Assets: mine, "Min Stock": "9" });
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page).toHaveURL(new RegExp(`/products/${department}$`));
      await expect(page.getByText("Spares line updated.")).toBeVisible();
      const cells = rowOf(page, mine).getByRole("cell");
      await expect(cells.nth(2)).toHaveText("Changed by a colleague");
      await expect(cells.nth(6)).toHaveText("-1");
      await expect(cells.nth(7)).toHaveText("Order to place");
      await expect(cells.nth(7)).toHaveClass(/status-bad/);
    });

    test("deletes a line after confirmation", async ({ page, login, js }) => {
      await login("staff");
      const name = uniqueName("Obsolete relay");
      await addLine(page, department, { srno: freshSrno(), Assets: name });
      await page.goto(path);
      await rowOf(page, name).getByRole("link", { name: "Delete" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Confirm delete" });
        await expect(dialog).toContainText(QUESTION);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();
        await expect(rowOf(page, name)).toHaveCount(1);
        await rowOf(page, name).getByRole("link", { name: "Delete" }).click();
        await dialog.getByRole("button", { name: "Yes, delete" }).click();
      } else {
        await expect(page).toHaveURL(/\/delete(\?|$)/);
        await expect(page.getByText(QUESTION)).toBeVisible();
        await expect(page.getByText(name)).toBeVisible();
        await page.getByRole("button", { name: "Yes, delete" }).click();
      }
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText("Spares line deleted.")).toBeVisible();
      await expect(rowOf(page, name)).toHaveCount(0);
    });
  });
}

test.describe("the status of order follows the stock", () => {
  test("an issue from the row turns it 'Order to place', the filter finds it; a receipt turns it 'Available'", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    const name = uniqueName("Fuse 10 A");
    const line = await addLine(page, "FireFight", {
      srno: freshSrno(),
      Assets: name,
      AvailableStock: 7,
      MinStock: 5,
    });
    await page.goto(`/firefight?q=${encodeURIComponent(name)}`);
    const main = page.getByRole("main");
    const status = rowOf(page, name).getByRole("cell").nth(7);
    await expect(status).toHaveText("Available");
    await expect(status).toHaveClass(/status-ok/);

    // Issue 3 from the row (a dialog with JavaScript, the form's page without): 4 left, minimum 5.
    await rowOf(page, name).getByRole("link", { name: "Issue", exact: true }).click();
    const form = js ? page.getByRole("dialog") : main;
    await form.getByLabel("Quantity issued").fill("3");
    await form.getByRole("button", { name: "Record issue" }).click();
    await expect(page.getByText("Issue recorded.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/firefight\?q=/);
    await expect(status).toHaveText("Order to place");
    await expect(status).toHaveClass(/status-bad/);

    // The 'Order to place' filter finds it; 'Available' does not.
    await main.getByLabel("Status of Order").selectOption("Order to place");
    if (!js) await main.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=Order(\+|%20)to(\+|%20)place/);
    await expect(main.getByText("1 line matches", { exact: false })).toBeVisible();
    await expect(status).toHaveText("Order to place");
    await main.getByLabel("Status of Order").selectOption("Available");
    if (!js) await main.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/status=Available/);
    await expect(main.getByText("No lines match.")).toBeVisible();

    // The line's page says so too, from the ledger's balance; a receipt of 10 makes it available.
    await page.goto(`/updateproduct/FireFight/${line._id}`);
    await expect(page.getByLabel("Status of Order")).toHaveText("Order to place");
    await page.getByRole("link", { name: "Receive", exact: true }).click();
    await main.getByLabel("Quantity received").fill("10");
    await main.getByRole("button", { name: "Record receipt" }).click();
    await expect(page).toHaveURL(new RegExp(`/updateproduct/FireFight/${line._id}$`));
    await expect(page.getByLabel("Status of Order")).toHaveText("Available");
    await page.goto(`/firefight?q=${encodeURIComponent(name)}&status=Available`);
    await expect(status).toHaveText("Available");
    await expect(status).toHaveClass(/status-ok/);
  });
});

test.describe("a department table as a list", () => {
  test("pages, sorts, searches, filters and prints the whole filtered list", async ({ page, login, js }) => {
    await login("staff");
    // 60 lines of our own, every fifth at its minimum (short), found by a word only they hold.
    const marker = uniqueName("Lot").replace(" ", "-");
    // Above freshSrno()'s range, so the 60 serial numbers meet no other test's.
    const base = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 60;
    const lines = Array.from({ length: 60 }, (_, i) => ({
      srno: base + i,
      Assets: `${marker} asset ${i}`,
      AvailableStock: i % 5 === 0 ? 2 : 9,
      MinStock: 2,
    }));
    for (let i = 0; i < lines.length; i += 10)
      await Promise.all(lines.slice(i, i + 10).map((line) => addLine(page, "Electrician", line)));

    await page.goto("/products?size=50");
    await searchFor(page, marker);
    const main = page.getByRole("main");
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
    await expect(main.getByRole("status").filter({ hasText: "match" })).toHaveText(
      `60 lines match '${marker}'`,
    );
    await expect(page.locator("main table mark").first()).toHaveText(marker);
    await expect(main.getByText("Rows 1–50 of 60")).toBeVisible();
    await expect(page.locator("main tbody tr")).toHaveCount(50);

    // Page on: the rest of the search.
    await main.getByRole("link", { name: "Next" }).click();
    await expect(main.getByText("Rows 51–60 of 60")).toBeVisible();
    await expect(page.locator("main tbody tr td:first-child").first()).toHaveText(String(base + 50));

    // Sort by serial number, highest first (back to page 1).
    await main.getByRole("link", { name: "Serial Number" }).click();
    await expect(main.getByRole("columnheader", { name: "Serial Number" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(main.getByText("Rows 1–50 of 60")).toBeVisible();
    await expect(page.locator("main tbody tr td:first-child").first()).toHaveText(String(base + 59));

    // Filter: only the lines at or below their minimum.
    await main.getByLabel("Stock").selectOption({ label: "At or below minimum" });
    if (!js) await main.getByRole("button", { name: "Apply" }).click();
    await expect(main.getByText("Rows 1–12 of 12")).toBeVisible();
    await expect(page).toHaveURL(/stock=short/);

    // Print: the whole filtered list, with no JavaScript, saying what applied.
    await main.getByRole("link", { name: /^Print/ }).click();
    await expect(page).toHaveURL(/\/products\/Electrician\/print\?/);
    await expect(page.getByRole("heading", { name: "Electrician spare parts" })).toBeVisible();
    await expect(page.getByText(`Search: '${marker}' · Stock: At or below minimum`)).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(12);
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
  });

  test("typing searches the whole list without a reload, keeping focus", async ({ page, login, js }) => {
    test.skip(!js, "without JavaScript the search is sent with Enter or Apply (the test above)");
    await login("staff");
    const marker = uniqueName("Typed").replace(" ", "-");
    await addLine(page, "FireFight", { srno: freshSrno(), ComponentsAndEquipments: `Relay ${marker} 24V` });
    await page.goto("/firefight");
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    // The answer is held, to see the table while it waits: busy at once, dimmed only after
    // DIM_AFTER_MS (400 ms; a quick answer never repaints the table twice), and neither after.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/firefight.data**", async (route) => {
      await held;
      await route.continue().catch(() => {}); // a request overtaken by a newer one was cancelled
    });
    const list = page.getByRole("region", { name: "FireFight spare parts" });
    await list.evaluate((element) => {
      const seen: Partial<BusyTimes> = {};
      (window as { seen?: Partial<BusyTimes> }).seen = seen;
      new MutationObserver(() => {
        if (element.getAttribute("aria-busy") === "true" && seen.busyAt === undefined) {
          seen.busyAt = performance.now();
          seen.opacityWhenBusy = getComputedStyle(element).opacity;
        }
        if (element.hasAttribute("data-slow") && seen.slowAt === undefined) seen.slowAt = performance.now();
      }).observe(element, { attributes: true });
    });
    const box = page.locator('main input[name="q"]');
    await box.click();
    await box.pressSequentially(marker, { delay: 20 });
    await expect(list).toHaveAttribute("aria-busy", "true");
    await expect(list).toHaveAttribute("data-slow", "true");
    await expect(list).toHaveCSS("opacity", "0.6");
    const seen = await page.evaluate(() => (window as { seen?: Partial<BusyTimes> }).seen);
    expect(seen?.opacityWhenBusy).toBe("1");
    expect((seen?.slowAt ?? 0) - (seen?.busyAt ?? 0)).toBeGreaterThanOrEqual(390);
    release();
    await expect(page.locator("main table mark")).toHaveText([marker]);
    await expect(list).toHaveAttribute("aria-busy", "false");
    await expect(list).not.toHaveAttribute("data-slow");
    await expect(list).toHaveCSS("opacity", "1");
    await expect(page).toHaveURL(new RegExp(`\\?q=${marker}`));
    await expect(box).toBeFocused();
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("a typed search asks for the list's rows only, and draws them in the rows on screen", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "without JavaScript a search is a page load");
    await login("staff");
    // Two lines a word finds, the first (a lower serial number) no longer found once more is typed.
    const word = uniqueName("Keyed").replace(" ", "-");
    const srno = freshSrno();
    await addLine(page, "FireFight", { srno: srno - 5, ComponentsAndEquipments: `Coil ${word} 12V` });
    await addLine(page, "FireFight", { srno, ComponentsAndEquipments: `Relay ${word}-b 24V` });
    await page.goto(`/firefight?q=${word}`);
    await expect(page.locator("main tbody tr")).toHaveCount(2);
    const first = await page.locator("main tbody tr").first().elementHandle();
    expect(await first?.textContent()).toContain("Coil");
    // The page's words and the shell's data do not change with ?q=: each answer carried them again
    // (docs/performance.md, "Search and the shell").
    const routes: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) routes.push(url.searchParams.get("_routes") ?? "(all)");
    });
    const box = page.locator('main input[name="q"]');
    await box.click();
    await box.press("End");
    await box.pressSequentially("-b", { delay: 20 });
    await expect(page.locator("main table mark")).toHaveText([`${word}-b`]);
    expect(routes.length).toBeGreaterThan(0);
    for (const asked of routes) expect(asked.split(",")).not.toContain("root");
    // The line found is drawn in the row that was first on screen, not in a new row.
    expect(await first?.evaluate((row) => row.isConnected && row.textContent?.includes("Relay"))).toBe(true);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link").first()).toBeVisible();
  });

  test("an answer to what the box held earlier is not drawn while the person types on", async ({
    page,
    login,
    js,
  }) => {
    test.skip(!js, "without JavaScript nothing is searched while typing");
    await login("staff");
    const marker = uniqueName("Ahead").replace(" ", "-");
    await addLine(page, "FireFight", { srno: freshSrno(), ComponentsAndEquipments: `Relay ${marker} 24V` });
    await page.goto("/firefight");
    // Every search sent while the prefix is typed is held until the box holds more than it asked
    // for (on a loaded machine a pause between two keys sends a search before the last key).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route("**/firefight.data**", async (route) => {
      asked.push(new URL(route.request().url()).searchParams.get("q") ?? "");
      await held;
      await route.continue().catch(() => {});
    });
    const prefix = marker.slice(0, -2);
    const box = page.locator('main input[name="q"]');
    await box.click();
    await box.pressSequentially(prefix, { delay: 20 });
    await expect(page.getByRole("region", { name: "FireFight spare parts" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    // The search for the whole prefix has gone out (a slow machine may have sent one for a shorter
    // part first, and the search waiting to go would otherwise read the box's next text).
    await expect.poll(() => asked.includes(prefix)).toBe(true);
    // The person has typed on (the box's text changes without the input event, so no newer search
    // overtakes the held one), then the earlier answer arrives: the table keeps what it showed.
    await box.evaluate((input, text) => {
      (input as HTMLInputElement).value = text;
    }, marker);
    release();
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: `'${prefix}'` }),
    ).toBeVisible();
    await expect(page.locator("main table mark")).toHaveCount(0);
    // The search for the box's text is drawn as it comes.
    await box.evaluate((input) => input.dispatchEvent(new Event("input", { bubbles: true })));
    await expect(page.locator("main table mark")).toHaveText([marker]);
    await expect(box).toBeFocused();
  });

  test("a search's first rows are drawn before the rest, then every row", async ({ page, login, js }) => {
    test.skip(!js, "without JavaScript the results come as a whole page");
    await login("staff");
    const word = uniqueName("Stepped").replace(" ", "-");
    const first = freshSrno();
    for (let n = 0; n < 20; n++)
      await addLine(page, "FireFight", { srno: first + n, ComponentsAndEquipments: `Fuse ${word} ${n}` });
    await page.goto("/firefight");
    // How many rows with a match each change of the table left on screen.
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { seen });
      new MutationObserver(() => {
        const marked = document.querySelectorAll("main tbody tr:has(mark)").length;
        if (marked && seen.at(-1) !== marked) seen.push(marked);
      }).observe(document.querySelector("main") as Node, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.locator('main input[name="q"]').fill(word);
    await expect(page.locator("main tbody tr")).toHaveCount(20);
    await expect(page.locator("main table mark")).toHaveCount(20);
    // A screenful (FIRST_ROWS, app/ui/list/list-view.tsx) first, then the other five.
    expect(await page.evaluate(() => (window as unknown as { seen: number[] }).seen)).toEqual([15, 20]);
  });
});

test.describe("inventory pages", () => {
  test("an empty or unknown department, and an insert page without one", async ({ page, login }) => {
    await login("staff");
    const unknown = await page.goto("/products/Plumbing");
    expect(unknown?.status()).toBe(404);
    await page.goto("/insertproduct");
    await expect(page.getByRole("heading", { name: "Enter Information" })).toBeVisible();
    await expect(page.getByText("Department is not specified")).toBeVisible();
    await page.goto("/updateproduct/Electrician/not-an-id");
    await expect(page.getByText("Invalid department or product ID.")).toBeVisible();
  });

  test("the table has the spec's columns and the form its Scroll Down and Cancel", async ({
    page,
    login,
    js,
  }) => {
    await login("staff");
    await page.goto("/technician");
    await expect(page.getByRole("columnheader")).toHaveText([
      "Serial Number",
      "Assets",
      "Components/Equipments",
      "Available stock",
      "Min Stock",
      "Lead time",
      "Excess/Short Fall",
      "Status of Order",
      // Issue 17: the ledger's days of cover and order-by date; issue 30: the row's stock links,
      // Update and Delete in one cell, kept in view at the table's right edge.
      "Days of cover",
      "Order by",
      "Actions",
    ]);
    // Scroll Down is there while the form's end is below the window (with JavaScript, only then).
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.goto("/insertproduct/Technician");
    if (js) {
      await page.getByRole("button", { name: "Scroll Down" }).click();
    } else {
      await page.getByRole("link", { name: "Scroll Down" }).click();
      await expect(page).toHaveURL(/#form-end$/);
    }
    await expect(page.getByRole("link", { name: "Cancel" })).toBeInViewport();
    if (js) {
      // A window tall enough for the whole form: no button that would do nothing (issue 30).
      await page.setViewportSize({ width: 1280, height: 1400 });
      await page.goto("/insertproduct/Technician");
      await expect(page.getByRole("button", { name: "Insert" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Scroll Down" })).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/products\/Technician$/);
  });

  test("shows 'Loading...' while another department's table is on its way", async ({ page, login, js }) => {
    test.skip(!js, "without JavaScript the browser itself shows the page loading");
    await login("staff");
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Electrician");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/firefight.data**", async (route) => {
      await held;
      await route.continue();
    });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("SPARES", { exact: true }).click();
    await nav.getByRole("link", { name: "FireFighting" }).click();
    await expect(page.getByText("Loading...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("FireFight");
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("the save button reads 'Inserting...' and is disabled while saving", async ({ page, login, js }) => {
    test.skip(!js, "without JavaScript the browser shows its own progress");
    await login("staff");
    await page.goto("/insertproduct/FireFight");
    await fillLine(page, {
      "Serial Number": String(freshSrno()),
      Assets: uniqueName("Slow"),
      "Components/Equipments": "Nozzle",
      "Available stock": "1",
      "Min Stock": "1",
      "Lead time": "1",
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/insertproduct/FireFight.data**", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Insert" }).click();
    const saving = page.getByRole("button", { name: "Inserting..." });
    await expect(saving).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/products\/FireFight$/);
  });
});
