import { expect, test } from "./fixtures.ts";

test("the home page shows the hero, feature cards, gallery, statistics and footer", async ({
  page,
  login,
}) => {
  await login("staff");
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("LPG Bottling Plant");
  const quick = page.getByRole("navigation", { name: "Quick actions" });
  for (const name of ["Spares", "AMC", "Store Racks", "SOP formats"])
    await expect(quick.getByRole("link", { name })).toBeVisible();

  for (const card of ["Household reach", "Commercial use", "Bulk solutions"]) {
    await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
  }
  const gallery = page.getByRole("region", { name: "Our facilities" });
  await expect(gallery.getByRole("figure")).toHaveCount(6);
  await expect(gallery.getByRole("figure", { name: "Cylinder yard" })).toBeVisible();

  const numbers = page.getByRole("region", { name: "In numbers" });
  await expect(numbers).toContainText("50+");
  await expect(numbers).toContainText("8 crore+");
  await expect(numbers).toContainText("100%");

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Quick links" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Useful links" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Contact" })).toBeVisible();
  await expect(footer.getByRole("list", { name: "Social media" })).toBeVisible();
  await expect(footer).toContainText(String(new Date().getFullYear()));
  // No picture is fetched from another site.
  const external = await page.evaluate(
    () => [...document.images].filter((img) => !img.src.startsWith(location.origin)).length,
  );
  expect(external).toBe(0);
});

test("the home page's quick action opens the spares", async ({ page, login }) => {
  await login("staff");
  await page.goto("/home");
  await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Spares" }).click();
  await expect(page).toHaveURL(/\/products$/);
});
