import { baseURL } from "../../playwright.config.ts";
import { axeViolations } from "./axe.ts";
import { expect, test, uniqueName } from "./fixtures.ts";

// /settings/backups (issue 34), with JavaScript on and off: an admin backs up now, sees it first in
// the kept backups and downloads it; a wrong retention comes back with its message, filled in.

test("an admin backs up now from /settings/backups, sees it kept and downloads it", async ({
  page,
  login,
}) => {
  await login("admin");
  await page.goto("/settings");
  await page.getByRole("region", { name: "Backups" }).getByRole("link", { name: "Backups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  await page.getByRole("button", { name: "Back up now" }).click();
  const toast = page.getByText(/^Backed up: plantops-\d{4}-\d{2}-\d{2}-\d{6}(-\d+)?\.backup\.gz \(/).first();
  await expect(toast).toBeVisible();
  const name = /plantops-[\d-]+\.backup\.gz/.exec((await toast.textContent()) ?? "")?.[0] ?? "";
  const kept = page.getByRole("table", { name: "Kept backups" });
  const link = kept.getByRole("link", { name });
  await expect(link).toBeVisible();
  await expect(page.getByRole("region", { name: "Last backup" })).toContainText(" MB, in ");
  const download = page.waitForEvent("download");
  await link.click();
  expect((await download).suggestedFilename()).toBe(name);
});

test("a wrong number of backups to keep comes back with its message, the form filled in", async ({
  page,
  login,
}) => {
  await login("admin");
  await page.goto("/settings/backups");
  const nightly = page.getByRole("region", { name: "Nightly backup" });
  await nightly.getByLabel("Daily backups kept").fill("-1");
  await nightly.getByLabel("Weekly backups kept").fill("3");
  await nightly.getByRole("button", { name: "Save" }).click();
  await expect(nightly.getByText("At least 0.")).toBeVisible();
  await expect(nightly.getByLabel("Daily backups kept")).toHaveValue("-1");
  await expect(nightly.getByLabel("Weekly backups kept")).toHaveValue("3");
  await nightly.getByLabel("Daily backups kept").fill("7");
  await nightly.getByLabel("Weekly backups kept").fill("4");
  await nightly.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Backup settings saved.").first()).toBeVisible();
});

test("/settings/backups has no accessibility violations", async ({ page, login, js }) => {
  test.skip(!js, "axe-core runs in the page as a script");
  await login("admin");
  await page.goto("/settings/backups");
  expect(await axeViolations(page)).toEqual([]);
});

test("an admin brings a deleted rack item back from /audit, with its stock", async ({ page, login, js }) => {
  await login("admin");
  const materialName = uniqueName("Brought back");
  const created = await page.request.post("/api/rack/9", {
    data: { section: "BB", materialName, availableStock: 12, issue: 0, receit: 0 },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  await page.goto("/settings/backups");
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText(/^Backed up: /).first()).toBeVisible();
  const deleted = await page.request.delete(`/api/rack/9/${id}`, { headers: { origin: baseURL } });
  expect(deleted.status()).toBe(200);

  await page.goto("/audit?type=rack_item");
  const row = page.getByRole("row").filter({ hasText: "Deleted" }).filter({ hasText: materialName });
  if (js) {
    // /audit with its Bring back buttons keeps 0 violations (axe runs as a script: JavaScript on).
    expect(await axeViolations(page)).toEqual([]);
  }
  await row.getByRole("button", { name: "Bring back" }).click();
  await expect(
    page.getByText(/^Rack item brought back from the backup plantops-.* with 1 stock movements\.$/).first(),
  ).toBeVisible();
  await page.goto(`/stock/rack/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(materialName);
});
