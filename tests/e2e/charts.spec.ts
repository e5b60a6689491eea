import AxeBuilder from "@axe-core/playwright";
import { baseURL } from "../../playwright.config.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// The server-drawn charts (issue 36) in the browser, with JavaScript on and off: each is on its
// page with its title and description (an image to assistive technology), fits a 360 px phone,
// and keeps 0 axe violations. Their figures are tested in app/**/card-chart.server.test.ts and
// tests/integration/ledger-pages.test.ts; the print view's A4 in prints.spec.ts.

const RACK = 17;
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

test("a rack item's stock card shows its balance and its use per month as pictures, at 360 px", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const material = uniqueName("Bearing 6204");
  const created = await page.request.post(`/api/rack/${RACK}`, {
    data: { section: "C2", materialName: material, availableStock: 12, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const issued = await page.request.post(`/api/stock/rack/${id}/movements`, {
    data: { kind: "issue", quantity: 5, reference: "SL-9" },
    headers: { origin: baseURL },
  });
  expect(issued.status()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/stock/rack/${id}`);
  const balance = page.getByRole("img", { name: new RegExp(`^Stock of ${material}, `) });
  await expect(balance).toBeVisible();
  await expect(balance).toHaveAccessibleDescription(
    /^Balance from 0 on .* to 7 on .*issued on 1 day \(5 in all\)\./,
  );
  const use = page.getByRole("img", { name: `Use of ${material} per month, last 12 months` });
  await expect(use).toBeVisible();
  await expect(page.getByText(/^Average use 0\.417 a month \(5 issued /)).toBeVisible();
  // The use's figures in a table, for those who read rather than look.
  await page.getByText("Use per month, as figures").click();
  await expect(
    page.getByRole("table", { name: `Use of ${material} per month, last 12 months` }),
  ).toBeVisible();
  // Within the phone's width: the picture scales to the column, never wider than the window.
  for (const chart of [balance, use]) {
    const box = await chart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (js) {
    const { violations } = await new AxeBuilder({ page })
      .include(".stock-card-charts")
      .withTags(WCAG)
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
  }
});
