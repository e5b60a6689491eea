import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, PASSWORD, registerAccount, test, uniqueEmail } from "./fixtures.ts";
import { untranslated } from "./untranslated.ts";

// Every page in the language of the person using it (issue 37). Signed out, the sign-in and
// register pages' switch chooses it for the terminal (a plain form: JavaScript off too); the page's
// `lang` follows; Hindi pages keep 0 axe violations. The pseudo-language check finds words a page
// shows in English that no catalogue holds: each word of a translated page reads ⟦…⟧.

/** This terminal's language, as the switch posts it (the browser context's cookie). */
async function choose(page: Page, language: string) {
  const response = await page.request.post("/language", {
    form: { language, back: "/login" },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test.describe("languages", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a guard switches the sign-in page to Hindi, signs in in Hindi and the choice stays on this terminal", async ({
    page,
    playwright,
    js,
  }) => {
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const account = { email: uniqueEmail("guard"), password: PASSWORD };
    await registerAccount(api, account);
    await api.dispose();

    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "हिन्दी" }).click();
    await expect(page.getByRole("heading", { name: "साइन इन" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page).toHaveTitle("साइन इन · PlantOps");
    if (js) {
      // axe-core runs in the page as a script.
      expect(await axeViolations(page)).toEqual([]);
    }

    // A mistake comes back in Hindi, the form filled in.
    await page.getByLabel("ई-मेल").fill(account.email);
    await page.getByLabel("पासवर्ड").fill("not the password");
    await page.getByRole("button", { name: "लॉगिन" }).click();
    await expect(page.getByRole("alert")).toHaveText("ई-मेल या पासवर्ड गलत है।");
    await expect(page.getByLabel("ई-मेल")).toHaveValue(account.email);

    await page.getByLabel("पासवर्ड").fill(account.password);
    await page.getByRole("button", { name: "लॉगिन" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");

    // Signed out again, the terminal keeps its choice; English is one click away.
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "रजिस्टर करें" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Register" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  for (const path of ["/login", "/register"]) {
    test(`${path} shows no word the catalogues do not hold`, async ({ page }) => {
      await page.goto(path);
      await choose(page, "qps");
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "qps");
      // The product's name and the switch's language names are the same in every language.
      expect(await untranslated(page.locator("main"), [/^PlantOps/, /^English$/, /^हिन्दी$/])).toEqual([]);
    });
  }
});
