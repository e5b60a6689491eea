import type { Page } from "@playwright/test";
import { expect, PASSWORD, registerAccount, signIn, test, uniqueEmail } from "./fixtures.ts";

// Rows per page (issue 33): lists open at 50; the size a person chooses on a list is remembered for
// them and that list, with JavaScript on and off, until they choose another. Each person here is
// new, so no other test's choice is theirs.

const rowsPerPage = (page: Page) => page.getByRole("main").getByLabel("Rows per page");

async function choose(page: Page, js: boolean, size: string) {
  await rowsPerPage(page).selectOption(size);
  // With JavaScript the list follows the choice at once; without, Apply sends it.
  if (!js) await page.getByRole("main").getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]size=${size}(&|$)`));
  await expect(rowsPerPage(page)).toHaveValue(size);
}

test("a list remembers the rows per page its person chose; other lists and people keep 50", async ({
  page,
  js,
}) => {
  const first = { email: uniqueEmail(), password: PASSWORD };
  const second = { email: uniqueEmail(), password: PASSWORD };
  await registerAccount(page.request, first);
  await registerAccount(page.request, second);
  await signIn(page, first);

  await page.goto("/amc");
  await expect(rowsPerPage(page)).toHaveValue("50");
  await expect(rowsPerPage(page).locator("option")).toHaveText(["25", "50", "100", "200"]);
  await choose(page, js, "100");

  // Leave, and come back by the address with no size in it: still 100.
  await page.goto("/home");
  await page.goto("/amc");
  await expect(rowsPerPage(page)).toHaveValue("100");
  // Another list still opens at 50.
  await page.goto("/products/Electrician");
  await expect(rowsPerPage(page)).toHaveValue("50");
  // A link with a size wins.
  await page.goto("/amc?size=25");
  await expect(rowsPerPage(page)).toHaveValue("25");
  // Back to 50 by choice, and 50 it stays.
  await choose(page, js, "50");
  await page.goto("/amc");
  await expect(rowsPerPage(page)).toHaveValue("50");
  await choose(page, js, "200");

  // Another person on the same terminal: their own 50.
  await page.context().clearCookies();
  await signIn(page, second);
  await page.goto("/amc");
  await expect(rowsPerPage(page)).toHaveValue("50");
  // And the first person finds their 200 again.
  await page.context().clearCookies();
  await signIn(page, first);
  await page.goto("/amc");
  await expect(rowsPerPage(page)).toHaveValue("200");
});
