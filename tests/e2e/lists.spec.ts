import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// No list page is wider than the window (issue 14): a wide table scrolls inside its own box, so
// the page never zooms out on a guard's phone. The other lists join this list as they convert.

// The three department menus and /products/{department} are one list module (behaviour note 15):
// one of them stands for all four.
const LIST_PAGES = ["/products/Electrician", "/about", "/amc", "/rackadmin", "/as15/records"];
const WIDTHS = [1280, 1024, 800, 360];

test("no list page is wider than the window at 1280, 1024, 800 and 360 px", async ({ page, login, js }) => {
  // Widths are the server's markup and the CSS: the same with and without JavaScript, and the
  // JavaScript-off pages load without hydrating, so one project measures them for both.
  test.skip(js, "layout is the same markup and CSS with JavaScript on");
  // Twenty page loads in one test: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await login("staff");
  // A line and a rack item with a long unbroken name make the tables wider than a phone.
  const long = `${uniqueName("Wide")}-${"X".repeat(120)}`;
  const line = await page.request.post("/api/Electrician/create", {
    data: {
      srno: 1,
      Assets: long,
      ComponentsAndEquipments: long,
      AvailableStock: 1,
      MinStock: 1,
      LeadTime: 1,
    },
    headers: { origin: baseURL },
  });
  // Serial number 1 may already be taken by an earlier run's line: then that one is wide enough.
  expect([201, 409]).toContain(line.status());
  const item = await page.request.post("/api/rack/3", {
    data: { section: "S1", materialName: long, availableStock: 1, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(item.status()).toBe(201);

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of LIST_PAGES) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      const { scrollWidth, innerWidth, tableWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        tableWidth: document.querySelector("main table")?.scrollWidth ?? 0,
      }));
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
      // The check means something: at the phone width the table itself is wider than the window
      // (on the pages this test gave a long unbroken name).
      if (width === 360 && path !== "/rackadmin" && path !== "/as15/records")
        expect(tableWidth, `${path} table at 360 px`).toBeGreaterThan(innerWidth);
    }
  }
});
