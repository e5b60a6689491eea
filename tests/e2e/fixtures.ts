import { randomBytes } from "node:crypto";
import {
  type APIRequestContext,
  test as base,
  type Cookie,
  expect,
  type Page,
  request,
} from "@playwright/test";
import postgres from "postgres";
import { baseURL, dataDir, REGISTRATION_CODE } from "../../playwright.config.ts";
import { embeddedUrl } from "../../scripts/embedded-postgres.ts";

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

/**
 * Signs the page's browser context in by posting the real sign-in form (no page load). Each call
 * makes a new session (one password hash on the server): use it for tests that end their session
 * (logout) or need one of their own; other tests use the `staff` / `admin` fixtures.
 */
export async function signIn(page: Page, account: Account) {
  const response = await page.request.post("/login", {
    form: { email: account.email, password: account.password, redirectTo: "/home" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in should redirect").toBe(302);
}

/** The cookies of a new session for the account, signed in through the real sign-in form. */
async function sessionCookies(api: APIRequestContext, account: Account): Promise<Cookie[]> {
  const response = await api.post("/login", {
    form: { email: account.email, password: account.password, redirectTo: "/home" },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  if (response.status() !== 302)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return (await api.storageState()).cookies;
}

/**
 * Test-only: gives an account a role straight in the e2e server's database (the admin's users page
 * is another feature; these tests must not depend on it). The session read after this sees it.
 */
export async function setRole(email: string, role: "admin" | "staff" | "guard" | "viewer") {
  const url = embeddedUrl(dataDir);
  if (!url) throw new Error(`No e2e database in ${dataDir}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`update users set role = ${role} where email = ${email} returning id`;
    if (rows.length !== 1) throw new Error(`no user ${email}`);
  } finally {
    await sql.end();
  }
}

/** How many admins the e2e database has (the people tests' "last admin" needs the fixed one alone). */
export async function adminCount(): Promise<number> {
  const url = embeddedUrl(dataDir);
  if (!url) throw new Error(`No e2e database in ${dataDir}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int as count from users where role = 'admin'`;
    return row?.count ?? 0;
  } finally {
    await sql.end();
  }
}

/**
 * A new account reading the app in `language` (users.language, set straight in the e2e database as
 * /account would), of the given role: for the checks of the pages in Hindi and the pseudo-language.
 */
export async function accountIn(language: string, role: Role = "staff"): Promise<Account & { id: string }> {
  const api = await request.newContext({ baseURL });
  const account = { email: uniqueEmail(language), password: PASSWORD };
  await registerAccount(api, account);
  await api.dispose();
  const url = embeddedUrl(dataDir);
  if (!url) throw new Error(`No e2e database in ${dataDir}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string }[]>`
      update users set language = ${language}, role = ${role} where email = ${account.email} returning id`;
    if (!user) throw new Error(`no user ${account.email}`);
    return { ...account, id: user.id };
  } finally {
    await sql.end();
  }
}

/** A new account of the given role (registered as staff, then given the role), for one worker. */
async function roleAccount(role: "guard" | "viewer") {
  const api = await request.newContext({ baseURL });
  const account = { email: uniqueEmail(role), password: PASSWORD };
  await registerAccount(api, account);
  await api.dispose();
  await setRole(account.email, role);
  return account;
}

export type Role = "staff" | "admin" | "guard" | "viewer";

type Fixtures = {
  /** Signs the test's browser in as the role (reusing the worker's session): `await login("admin")`. */
  login: (role: Role) => Promise<Account>;
  /** A new staff account, signed in. */
  staff: Account;
  /** The admin account (made in global setup), signed in. */
  admin: Account;
  /** True in the JavaScript-on project. */
  js: boolean;
  /** Fails any test whose page throws a script error (CSP refusals, hydration crashes…). */
  pageErrors: undefined;
};

type WorkerFixtures = {
  /** A staff account of this worker's own. */
  staffAccount: Account;
  /** The session cookies of this worker's staff account and of the admin (storage state). */
  staffSession: Cookie[];
  adminSession: Cookie[];
  /** A guard and a viewer of this worker's own, and their sessions. */
  guardAccount: Account;
  guardSession: Cookie[];
  viewerAccount: Account;
  viewerSession: Cookie[];
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  // One staff account per worker, signed in ONCE per worker and role: every sign-in hashes a
  // password (~0.5 s of CPU), so tests reuse the session's cookies (Playwright storage state)
  // instead of posting the form each time. Tests that end their session call signIn() instead.
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
  staffSession: [
    async ({ playwright, staffAccount }, use) => {
      const api = await playwright.request.newContext({ baseURL });
      await use(await sessionCookies(api, staffAccount));
      await api.dispose();
    },
    { scope: "worker" },
  ],
  adminSession: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL });
      await use(await sessionCookies(api, ADMIN));
      await api.dispose();
    },
    { scope: "worker" },
  ],
  guardAccount: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => use(await roleAccount("guard")),
    { scope: "worker" },
  ],
  guardSession: [
    async ({ playwright, guardAccount }, use) => {
      const api = await playwright.request.newContext({ baseURL });
      await use(await sessionCookies(api, guardAccount));
      await api.dispose();
    },
    { scope: "worker" },
  ],
  viewerAccount: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => use(await roleAccount("viewer")),
    { scope: "worker" },
  ],
  viewerSession: [
    async ({ playwright, viewerAccount }, use) => {
      const api = await playwright.request.newContext({ baseURL });
      await use(await sessionCookies(api, viewerAccount));
      await api.dispose();
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
  // With JavaScript, page.goto returns once the page is hydrated (root.tsx marks <html
  // data-hydrated>), so a click reaches the enhanced control rather than the no-JavaScript fallback
  // it would hit while the scripts still load on a busy machine. Pages without scripts (print views,
  // files) have nothing to wait for.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.waitForFunction(
          () =>
            document.documentElement.dataset.hydrated === "1" ||
            !document.querySelector("script[type=module]"),
        );
        return response;
      };
    }
    await use(page);
  },
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  login: async (
    {
      context,
      staffAccount,
      staffSession,
      adminSession,
      guardAccount,
      guardSession,
      viewerAccount,
      viewerSession,
    },
    use,
  ) => {
    const sessions: Record<Role, [Account, Cookie[]]> = {
      admin: [ADMIN, adminSession],
      staff: [staffAccount, staffSession],
      guard: [guardAccount, guardSession],
      viewer: [viewerAccount, viewerSession],
    };
    await use(async (role) => {
      const [account, cookies] = sessions[role];
      await context.addCookies(cookies);
      return account;
    });
  },
  staff: async ({ context, staffAccount, staffSession }, use) => {
    await context.addCookies(staffSession);
    await use(staffAccount);
  },
  admin: async ({ context, adminSession }, use) => {
    await context.addCookies(adminSession);
    await use(ADMIN);
  },
});

/** Submits the navbar search the way the user would. */
export async function searchFor(page: Page, text: string) {
  const box = page.getByRole("search").getByRole("searchbox", { name: "Search" });
  await box.fill(text);
  await box.press("Enter");
}
