import { expect, test } from "./fixtures.ts";

test("Today on the home page: the cards show, a card's link opens the filtered list, and the daily report prints without JavaScript", async ({
  page,
  login,
}) => {
  await login("staff");
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LPG Bottling Plant");
  const quick = page.getByRole("navigation", { name: "Quick actions" });
  for (const name of ["Spares", "AMC", "Store Racks", "SOP formats"])
    await expect(quick.getByRole("link", { name })).toBeVisible();
  // The legacy marketing figures are gone from the signed-in home page.
  await expect(page.getByText("8 crore+")).toHaveCount(0);

  const today = page.getByRole("region", { name: /^Today, \d{2}\/\d{2}\/\d{4}$/ });
  for (const card of [
    /^Contracts \(AMC\)/,
    /^Spares/,
    /^Returnable material \(AS15\)/,
    /^Shift records missing/,
    /^Changes since your last visit/,
  ])
    await expect(today.getByRole("region", { name: card })).toBeVisible();

  const spares = today.getByRole("region", { name: /^Spares/ });
  await spares
    .getByRole("link", { name: /^Electrician: Order to place \(at or below minimum stock\): \d+$/ })
    .click();
  await expect(page).toHaveURL(/\/products\/Electrician\?status=Order%20to%20place$/);
  await expect(page.getByRole("combobox", { name: "Status of Order" })).toHaveValue("Order to place");

  const footer = page.getByRole("contentinfo");
  await page.goto("/home");
  await expect(footer.getByRole("heading", { name: "Quick links" })).toBeVisible();

  await page.getByRole("link", { name: "Print the daily report" }).click();
  await expect(page).toHaveURL(/\/home\/print$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Daily report/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Shift records missing/ })).toBeVisible();
  // Like the lists' print views: nothing to download or hydrate (only the Print button's line).
  await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
});
