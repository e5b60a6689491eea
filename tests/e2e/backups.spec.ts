import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

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
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
