import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// The server-drawn charts (issue 36) in the browser, with JavaScript on and off: each is on its
// page with its title and description (an image to assistive technology), fits a 360 px phone,
// and keeps 0 axe violations. Their figures are tested in app/**/card-chart.server.test.ts and
// tests/integration/ledger-pages.test.ts; the print view's A4 in prints.spec.ts.

const RACK = 17;

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

  // The stock report of this month: the rack's receipts against issues, and the item among the most used.
  await page.goto(`/stock/report?rack=${RACK}`);
  const groups = page.getByRole("img", { name: /^Received and issued per rack and department, / });
  await expect(groups).toBeVisible();
  await expect(groups).toHaveAccessibleDescription(
    new RegExp(`^Rack ${RACK}: received [\\d.]+, issued [\\d.]+\\.$`),
  );
  await expect(page.getByRole("img", { name: /^Most used items, / })).toHaveAccessibleDescription(
    new RegExp(`${material} \\(Rack ${RACK}\\) 5`),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (js) {
    expect(await axeViolations(page, ".report-charts")).toEqual([]);
    await page.goto(`/stock/rack/${id}`);
    expect(await axeViolations(page, ".stock-card-charts")).toEqual([]);
  }
});

test("the contracts' timeline on /amc, and on Today this month's strip and the spares' sparklines, at 360 px", async ({
  page,
  login,
  js,
}) => {
  await login("staff");
  const equipment = uniqueName("Chart compressor");
  const today = new Date().toISOString().slice(0, 10);
  const added = await page.request.post("/api/equipment/add", {
    data: {
      equipment,
      company: "Atlas",
      validity: { from: "2026-01-01", to: "2049-12-31" },
      pms: "Monthly",
      vendorCode: "",
      contractNumber: "",
      concernedPerson: "",
      mobileNumber: "",
      lastDateOfChecking: "",
      nextDueDate: today,
    },
    headers: { origin: baseURL },
  });
  expect(added.status()).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });

  await page.goto("/amc");
  const timeline = page.getByRole("img", { name: /^Contracts: overdue and the next 90 days, / });
  await expect(timeline).toBeVisible();
  await expect(timeline).toHaveAccessibleDescription(
    /contracts? ha(s|ve) a date overdue or within the next 90 days\./,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto("/home");
  const strip = page.getByRole("img", { name: /^Contract dates in [A-Z][a-z]+ \d{4}$/ });
  await expect(strip).toBeVisible();
  await expect(strip).toHaveAccessibleDescription(new RegExp(`${equipment} \\(Atlas\\) PMS (was )?due`));
  // The spares card: a sparkline of each department's issues a day over the last 30 days.
  await expect(
    page.getByRole("img", { name: /^Spares issued per department a day, / }),
  ).toHaveAccessibleDescription(/^Electrician: .*; FireFight: .*; Technician: .*\.$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (js) {
    expect(await axeViolations(page, ".chart")).toEqual([]);
    await page.goto("/amc");
    expect(await axeViolations(page, ".chart")).toEqual([]);
  }
});
