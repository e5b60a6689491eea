import { axeViolations } from "./axe.ts";
import { type Account, accountIn, expect, PASSWORD, setRole, signIn, test } from "./fixtures.ts";

// The people pages, /settings and its outbox and backups, and the audit log for a person who reads
// Hindi (issue 37), with JavaScript on and off: the labels, the messages of a refused form and the
// confirmations of a save are Hindi; what people typed, e-mails and dates stay as they are.

/** Admins made for these tests: staff again after each (the people tests need the fixed admin alone). */
const admins: Account[] = [];
const hindiAdmin = async () => {
  const account = await accountIn("hi", "admin");
  admins.push(account);
  return account;
};
test.afterEach(async () => {
  for (const account of admins.splice(0)) await setRole(account.email, "staff");
});

test("/settings in Hindi: a wrong value comes back with a Hindi message and the form as typed; a save is confirmed in Hindi", async ({
  page,
}) => {
  await signIn(page, await hindiAdmin());
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "सेटिंग्स" })).toBeVisible();
  const days = page.getByLabel("जल्द ड्यू की अवधि (दिन)");
  const plant = page.getByLabel("प्लांट का नाम");
  const plantName = await plant.inputValue();
  const was = await days.inputValue();
  await days.fill("400");
  await page.getByRole("button", { name: "सेटिंग्स सहेजें", exact: true }).click();
  await expect(page.getByText("अधिकतम 365 दिन।")).toBeVisible();
  await expect(days).toHaveValue("400");
  await expect(plant).toHaveValue(plantName);

  await days.fill(was);
  await page.getByRole("button", { name: "सेटिंग्स सहेजें", exact: true }).click();
  await expect(page.getByText("सेटिंग्स सहेजी गईं।")).toBeVisible();
  await expect(days).toHaveValue(was);
  // The mail section and the link to the backups speak Hindi too; the setting names stay (SMTP_URL).
  await expect(page.getByRole("region", { name: "ई-मेल" })).toContainText("SMTP_URL सेट नहीं है");
  await expect(page.getByRole("link", { name: "आउटबॉक्स" })).toBeVisible();
});

test("/account in Hindi: a wrong current password is refused in Hindi, the new one is saved, the sessions named in Hindi", async ({
  page,
}) => {
  await signIn(page, await accountIn("hi"));
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "खाता" })).toBeVisible();
  const form = page.getByRole("group", { name: "पासवर्ड बदलें" });
  await form.getByLabel("मौजूदा पासवर्ड").fill("not my password");
  await form.getByRole("textbox", { name: "नया पासवर्ड", exact: true }).fill("a longer phrase of mine");
  await form.getByLabel("नया पासवर्ड दोबारा लिखें").fill("a longer phrase of mine");
  await form.getByRole("button", { name: "पासवर्ड बदलें" }).click();
  await expect(page.getByText("आपका मौजूदा पासवर्ड सही नहीं है।")).toBeVisible();

  await form.getByLabel("मौजूदा पासवर्ड").fill(PASSWORD);
  await form.getByRole("textbox", { name: "नया पासवर्ड", exact: true }).fill("a longer phrase of mine");
  await form.getByLabel("नया पासवर्ड दोबारा लिखें").fill("a longer phrase of mine");
  await form.getByRole("button", { name: "पासवर्ड बदलें" }).click();
  await expect(page.getByText("पासवर्ड बदल गया। बाकी सब जगह से आपको साइन आउट कर दिया गया।")).toBeVisible();
  await expect(form.getByLabel("मौजूदा पासवर्ड")).toHaveValue("");

  const sessions = page.getByRole("table", { name: "आपके सेशन" });
  await expect(sessions.getByRole("columnheader", { name: "डिवाइस" })).toBeVisible();
  await expect(sessions.getByText("यही डिवाइस")).toBeVisible();
  // The browser's and the system's names are products' names: "Chrome on Linux" in Hindi's order.
  await expect(sessions.getByRole("cell", { name: /^\S+ पर \S+$/ })).toBeVisible();
});

test("the people, settings and audit pages in Hindi keep 0 axe violations", async ({ page, js }) => {
  test.skip(!js, "axe-core runs in the page as a script");
  test.setTimeout(180_000);
  const account = await hindiAdmin();
  await signIn(page, account);
  await page.goto(`/users?q=${encodeURIComponent(account.email)}`);
  const own = page.getByRole("link", { name: account.email });
  await expect(own).toBeVisible();
  const userPage = await own.getAttribute("href");
  const found: string[] = [];
  for (const path of [
    "/users",
    userPage ?? "/users",
    "/account",
    "/settings",
    "/settings/outbox",
    "/settings/backups",
    "/audit",
    "/audit/print",
  ]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    found.push(...(await axeViolations(page)));
  }
  expect(found).toEqual([]);
});
