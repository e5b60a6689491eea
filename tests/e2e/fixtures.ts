import { randomBytes } from "node:crypto";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { baseURL, REGISTRATION_CODE } from "../../playwright.config.ts";

// Login fixtures and data builders for the e2e tests. Every test uses its own accounts and its
// own uniquely named records, so tests run in parallel on one database without meeting.

export { expect };
export const PASSWORD = "correct horse battery";
export const ADMIN = { email: "admin@plant.test", password: PASSWORD };

export type Account = { email: string; password: string };

export const uniqueEmail = (prefix = "staff") => `${prefix}-${randomBytes(5).toString("hex")}@plant.test`;
/** A short unique marker for names, so a test finds its own rows. */
export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString("hex").toUpperCase()}`;

export async function registerAccount(api: APIRequestContext, account: Account) {
  const response = await api.post("/api/auth/register", {
    data: { ...account, securityCode: REGISTRATION_CODE },
  });
  if (![201, 409].includes(response.status()))
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
}

/** Signs the page's browser context in by posting the real sign-in form (fast: no page load). */
export async function signIn(page: Page, account: Account) {
  const response = await page.request.post("/login", {
    form: { email: account.email, password: account.password, redirectTo: "/home" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in should redirect").toBe(302);
}

type Fixtures = {
  /** A new staff account, signed in. */
  staff: Account;
  /** The admin account (made in global setup), signed in. */
  admin: Account;
  /** True in the JavaScript-on project. */
  js: boolean;
  /** Fails any test whose page throws a script error (CSP refusals, hydration crashes…). */
  pageErrors: undefined;
};

export const test = base.extend<Fixtures, { staffAccount: Account }>({
  // One staff account per worker (registration hashes a password: do it once), signed in per test.
  staffAccount: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL });
      const account = { email: uniqueEmail(), password: PASSWORD };
      await registerAccount(api, account);
      await api.dispose();
      await use(account);
    },
    { scope: "worker" },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && /Content.Security.Policy|Hydration|hydrat/i.test(message.text())) {
          errors.push(message.text());
        }
      });
      await use(undefined);
      expect(errors, "script errors on the page").toEqual([]);
    },
    { auto: true },
  ],
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  staff: async ({ page, staffAccount }, use) => {
    await signIn(page, staffAccount);
    await use(staffAccount);
  },
  admin: async ({ page }, use) => {
    await signIn(page, ADMIN);
    await use(ADMIN);
  },
});

/** Submits the navbar search the way the user would. */
export async function searchFor(page: Page, text: string) {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Search" });
  await box.fill(text);
  await box.press("Enter");
}
