import { expect, signIn, test } from "./fixtures.ts";

// Issue 13 item 6: on a shared terminal, Back after sign-out must not bring a signed-in page back
// from the browser's cache (the pages of a signed-in user are sent with no-store).
test("Back after sign-out shows the sign-in page, not the data", async ({ page, staffAccount }) => {
  // A session of its own: signing out must not end the worker's shared staff session.
  await signIn(page, staffAccount);
  await page.goto("/amc");
  await expect(page).toHaveURL(/\/amc$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Famc$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
});
