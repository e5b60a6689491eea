import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

// Issue 20: the API's reference page, as a person reads it. It is sent without JavaScript, so it
// reads the same in both projects; axe runs in the page as a script, in the JavaScript-on project.

test("the API reference page lists the operations by feature, with examples", async ({ page, login, js }) => {
  await login("viewer");
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "PlantOps API" })).toBeVisible();
  await expect(page.locator("script")).toHaveCount(0);

  // The spares feature's list operation, reached from the page's own contents.
  await page
    .getByRole("navigation", { name: "Features" })
    .getByRole("link", { name: "Spares (department tables)" })
    .click();
  const list = page.getByRole("region", { name: "GET /api/{department}/product", exact: true });
  await expect(list).toBeVisible();
  await expect(
    list.getByRole("table", { name: "Parameters" }).getByRole("rowheader", { name: "department" }),
  ).toBeVisible();
  await expect(list.getByText("Kept for compatibility:")).toBeVisible();
  await expect(list.getByText('"users": [')).toBeVisible();
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );

  if (js) {
    expect(await axeViolations(page)).toEqual([]);
  }
});
