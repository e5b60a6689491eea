import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// Every page keeps 0 axe-core violations of WCAG 2.1 A and AA. Axe runs as a script in the page, so
// it runs in the JavaScript-on project only; the markup it checks is the server-rendered page, which is
// the same without JavaScript. One test per group of pages (each page costs a load and an axe run).

test.beforeEach(({ js }) => {
  test.skip(!js, "axe-core runs in the page as a script");
  test.setTimeout(180_000);
});

const SIGNED_OUT = ["/", "/login", "/register"];
const SIGNED_IN = [
  "/home",
  "/home/print",
  // One of the three department menus: /products, /firefight and /technician are one list module.
  "/products",
  "/insertproduct/Electrician",
  "/about",
  "/insertproducts/7",
  "/insertproducts",
  "/amc",
  "/amcinsert",
  "/alerts",
  "/rackadmin",
  "/adminandsecurity",
  "/settings",
  "/settings/outbox",
  "/users",
  "/account",
  "/audit",
  "/stock/report",
  "/import/products/Electrician",
  "/import/contracts",
  "/no-such-page",
];
const SOP_FORMATS = ["AS11", "as10", "as09", "as08", "as06", "as12", "as14", "as15", "as16", "as17"];
/**
 * Every format's form is its own blocks, so each is checked; the records lists are one module whose
 * columns come from the format: the legacy AS11, AS15 (its outstanding-returns panel) and one
 * register stand for the rest.
 */
const SOP_RECORDS_LISTS = ["AS11", "as15", "as17"];

async function expectAccessible(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    found.push(...(await axeViolations(page)));
  }
  expect(found).toEqual([]);
}

test("the sign-in and registration pages have no accessibility violations", async ({ page }) => {
  await expectAccessible(page, SIGNED_OUT);
});

test("the signed-in pages have no accessibility violations", async ({ page, login }) => {
  await login("admin");
  // A rack item of the test's own, for its stock card and movement form (issue 17).
  const response = await page.request.post("/api/rack/9", {
    data: { section: "A11Y", materialName: uniqueName("Axe check"), availableStock: 5, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  const { _id: id } = (await response.json()) as { _id: string };
  await expectAccessible(page, [...SIGNED_IN, `/stock/rack/${id}`, `/stock/rack/${id}/issue`]);
});

test("the SOP formats have no accessibility violations", async ({ page, login }) => {
  await login("admin");
  await expectAccessible(
    page,
    SOP_FORMATS.map((code) => `/${code}`),
  );
});

test("the SOP records lists have no accessibility violations", async ({ page, login }) => {
  await login("admin");
  await expectAccessible(
    page,
    SOP_RECORDS_LISTS.map((code) => `/${code.toLowerCase()}/records`),
  );
});

test("an SOP form held back with items unanswered, and the record saved anyway, have no violations", async ({
  page,
  login,
}) => {
  await login("admin");
  await page.goto("/AS11");
  await page.getByLabel(/^Box lorry number( \*)?$/).fill(uniqueName("A11Y"));
  await page.getByLabel(/^Transporter( \*)?$/).fill("Axe transport");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator(".form-warning")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByText("15 items left unanswered")).toBeVisible();
  // Again without the "saved" toast, which axe would catch mid-animation.
  await page.reload();
  await expect(page.getByText("15 items left unanswered")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
