import { axeViolations } from "./axe.ts";
import { accountIn, expect, signIn, test, uniqueName } from "./fixtures.ts";

// A guard who reads Hindi fills in the packed lorry register (AS09), saves it and prints it, all in
// Hindi, with JavaScript off and on (issue 37): the format's words, its messages and its printed
// sheet; what the guard typed (the lorry's number) and the format's code stay as written.

test("a guard fills in, saves and prints the AS09 register in Hindi", async ({ page, js }) => {
  test.setTimeout(180_000);
  await signIn(page, await accountIn("hi", "guard"));
  const lorry = uniqueName("MH12");

  await page.goto("/as09");
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page).toHaveTitle("AS09 पैक्ड लॉरी इन/आउट रजिस्टर · PlantOps");
  if (js) {
    expect(await axeViolations(page)).toEqual([]);
  }

  // Saved with the lorry's number missing: the message in Hindi, the label translated inside it,
  // and the date as typed still in its field.
  const dateIn = page.getByLabel("अंदर आने की तारीख, पंक्ति 1", { exact: true });
  await dateIn.fill("2026-11-20");
  await page.getByRole("button", { name: "सहेजें", exact: true }).click();
  await expect(page.getByText("गाड़ी नंबर ज़रूरी है।").first()).toBeVisible();
  await expect(dateIn).toHaveValue("2026-11-20");

  await page.getByLabel("गाड़ी नंबर, पंक्ति 1", { exact: true }).fill(lorry);
  await page.getByRole("button", { name: "सहेजें", exact: true }).click();
  await expect(page.getByText("फ़ॉर्म सहेज लिया गया!")).toBeVisible();
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/);
  await expect(page.locator(".sop-sheet")).toContainText(lorry);
  await expect(page.locator(".sop-sheet")).toContainText("प्रभारी अधिकारी के हस्ताक्षर");

  // The printed sheet: its own page without JavaScript, this page on paper with it.
  if (!js) {
    await page.getByRole("link", { name: "प्रिंट करें" }).click();
    await expect(page).toHaveURL(/\/print$/);
    await expect(page.getByText("ब्राउज़र के Print कमांड (Ctrl+P) से यह पेज प्रिंट करें।")).toBeVisible();
  }
  await page.emulateMedia({ media: "print" });
  const sheet = page.locator(".sop-sheet");
  await expect(sheet).toContainText("गाड़ी नंबर");
  await expect(sheet).toContainText(lorry);
  await expect(sheet).not.toContainText("Vehicle number");
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  // The Devanagari is drawn in the font loaded for Hindi (embedded in the PDF), not as boxes.
  expect(pdf.toString("latin1")).toMatch(/NotoSansDevanagari/);
});
