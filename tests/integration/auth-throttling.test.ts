import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { action as apiLogin } from "#app/auth/routes/api-login.ts";
import { action as loginAction } from "#app/auth/routes/login.tsx";
import { signInLimits } from "#app/auth/rules.ts";
import { loginAttempts, registrationAttempts } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { action as apiRegister } from "#app/registration/routes/api-register.ts";
import { action as registerAction } from "#app/registration/routes/register.tsx";
import { buildRequest, run } from "#tests/support/requests.ts";
import { createUser, PASSWORD } from "#tests/support/users.ts";

// The server gives every request the client's address in a header a client cannot set
// (x-plantops-client, server/app.ts; read by clientAddress). These tests call actions directly,
// so they play the server's part and set that header themselves.

const CODE = process.env.REGISTRATION_CODE!;
const ATTACKER = "203.0.113.66";
const OWNER = "192.0.2.10";

function pageLogin(email: string, password: string, address: string) {
  return run(
    loginAction,
    buildRequest("/login", { form: { email, password }, headers: { "x-plantops-client": address } }),
  );
}

function apiSignIn(email: string, password: string, address: string) {
  return run(
    apiLogin,
    buildRequest("/api/auth/login", { json: { email, password }, headers: { "x-plantops-client": address } }),
  );
}

/** Dates every recorded attempt of an e-mail this moment: a slow password check must not count as waiting. */
async function stampNow(email: string) {
  await db.update(loginAttempts).set({ createdAt: sql`now()` }).where(eq(loginAttempts.email, email));
}

/** Moves every recorded attempt of an e-mail back in time, as if the client had waited. */
async function age(email: string, seconds: number) {
  await db
    .update(loginAttempts)
    .set({ createdAt: sql`${loginAttempts.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginAttempts.email, email));
}

async function failedRows(count: number, row: (i: number) => { email: string; address: string }, ago = "0") {
  await db.insert(loginAttempts).values(
    Array.from({ length: count }, (_, i) => ({
      ...row(i),
      succeeded: false,
      createdAt: sql`now() - ${ago}::interval`,
    })),
  );
}

beforeEach(async () => {
  // The global ceiling counts every failure of the last minute: each test starts from none.
  await db.delete(loginAttempts);
  await db.delete(registrationAttempts);
});

describe("sign-in throttling instead of a lock-out", () => {
  it("slows one account from one address after 5 failures: 1 s, then 2 s, on the page (form kept) and the API", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await pageLogin(user.email, "wrong", ATTACKER)).status).toBe(401);
    }
    await stampNow(user.email);
    const page = await pageLogin(user.email, PASSWORD, ATTACKER);
    expect(page.status).toBe(429);
    const reply = JSON.stringify(await page.json());
    expect(reply).toContain("Too many sign-in attempts, try again in 1 second.");
    expect(reply).toContain(user.email);
    expect(reply).not.toContain(PASSWORD);
    const api = await apiSignIn(user.email, PASSWORD, ATTACKER);
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({ message: "Too many sign-in attempts, try again in 1 second." });
    expect(api.headers.get("retry-after")).toBe("1");

    // Once the second has passed, one more guess is checked; the next wait is longer.
    await age(user.email, 2);
    expect((await pageLogin(user.email, "wrong", ATTACKER)).status).toBe(401);
    await stampNow(user.email);
    expect(JSON.stringify(await (await pageLogin(user.email, "wrong", ATTACKER)).json())).toContain(
      "try again in 2 seconds.",
    );
    await age(user.email, 3);
    expect((await pageLogin(user.email, PASSWORD, ATTACKER)).status).toBe(302);
  });

  it("lets the owner sign in at once from their own address after someone else's failures", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 8; attempt++) await pageLogin(user.email, "wrong", ATTACKER);
    await stampNow(user.email);
    expect((await pageLogin(user.email, PASSWORD, ATTACKER)).status).toBe(429);
    const owner = await pageLogin(user.email, PASSWORD, OWNER);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("set-cookie")).toContain("plantops_session=");
    expect((await apiSignIn(user.email, PASSWORD, OWNER)).status).toBe(200);
  });

  it("a success from an address clears that address's failures for the account", async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 4; attempt++) await pageLogin(user.email, "wrong", OWNER);
    expect((await pageLogin(user.email, PASSWORD, OWNER)).status).toBe(302);
    expect((await pageLogin(user.email, "typo", OWNER)).status).toBe(401);
    expect((await pageLogin(user.email, PASSWORD, OWNER)).status).toBe(302);
  });

  it("slows an address that tries many accounts, and only that address", async () => {
    const user = await createUser();
    await failedRows(signInLimits.addressFreeFailures, (i) => ({
      email: `guess-${i}@plant.test`,
      address: ATTACKER,
    }));
    const fromAttacker = await apiSignIn(user.email, PASSWORD, ATTACKER);
    expect(fromAttacker.status).toBe(429);
    expect((await apiSignIn(user.email, PASSWORD, OWNER)).status).toBe(200);
  });

  it("stops an account's sign-ins only after 100 failures in an hour from everywhere", async () => {
    const user = await createUser();
    // Older than a minute, so the ceiling across all accounts stays out of this.
    await failedRows(
      signInLimits.accountCeiling - 1,
      (i) => ({ email: user.email, address: `198.51.100.${i}` }),
      "2 minutes",
    );
    expect((await apiSignIn(user.email, PASSWORD, OWNER)).status).toBe(200);
    await failedRows(1, () => ({ email: user.email, address: "198.51.100.200" }), "2 minutes");
    const stopped = await apiSignIn(user.email, PASSWORD, OWNER);
    expect(stopped.status).toBe(429);
    expect(((await stopped.json()) as { message: string }).message).toBe(
      "Too many sign-in attempts, try again in 58 minutes.",
    );
    // Failures older than the hour no longer count.
    await age(user.email, 3601);
    expect((await apiSignIn(user.email, PASSWORD, OWNER)).status).toBe(200);
  });

  it("has a ceiling on failures per minute across all accounts (made-up e-mails)", async () => {
    const user = await createUser();
    await failedRows(signInLimits.globalFailuresPerMinute, (i) => ({
      email: `made-up-${i}@plant.test`,
      address: `198.51.100.${i}`,
    }));
    const refused = await pageLogin(user.email, PASSWORD, OWNER);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toContain(
      "Too many sign-in attempts, try again in a minute.",
    );
    await db.update(loginAttempts).set({ createdAt: sql`now() - interval '61 seconds'` });
    expect((await pageLogin(user.email, PASSWORD, OWNER)).status).toBe(302);
  });

  it("holds the limit when 20 guesses arrive at once (page and API)", async () => {
    const user = await createUser();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? pageLogin(user.email, `guess ${i}`, ATTACKER)
          : apiSignIn(user.email, `guess ${i}`, ATTACKER),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(signInLimits.pairFreeFailures);
    expect(statuses.filter((status) => status === 429).length).toBe(20 - checked);
    const recorded = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(recorded.length).toBe(checked);
  });
});

describe("registration attempts are rate-limited", () => {
  const wrong = (email: string) => ({
    name: "Guesser",
    email,
    password: PASSWORD,
    securityCode: "NOT-THE-CODE",
  });

  it("refuses an address after 10 wrong codes in 15 minutes (page keeps the e-mail; API 429), others still try", async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await run(
        registerAction,
        buildRequest("/register", {
          form: wrong("a@plant.test"),
          headers: { "x-plantops-client": ATTACKER },
        }),
      );
      expect(response.status).toBe(400);
    }
    const page = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Late", email: "late@plant.test", password: PASSWORD, securityCode: CODE },
        headers: { "x-plantops-client": ATTACKER },
      }),
    );
    expect(page.status).toBe(429);
    const reply = JSON.stringify(await page.json());
    expect(reply).toMatch(/Too many registration attempts, try again in 1[45] minutes\./);
    expect(reply).toContain("late@plant.test");
    const api = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: wrong("b@plant.test"),
        headers: { "x-plantops-client": ATTACKER },
      }),
    );
    expect(api.status).toBe(429);
    expect(((await api.json()) as { message: string }).message).toMatch(/^Too many registration attempts/);
    const elsewhere = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "elsewhere@plant.test", password: PASSWORD, securityCode: CODE },
        headers: { "x-plantops-client": OWNER },
      }),
    );
    expect(elsewhere.status).toBe(201);
  });

  it("does not count registrations with the right code", async () => {
    for (let i = 0; i < 12; i++) {
      const response = await run(
        apiRegister,
        buildRequest("/api/auth/register", {
          json: { email: `crew-${i}@plant.test`, password: PASSWORD, securityCode: CODE },
          headers: { "x-plantops-client": OWNER },
        }),
      );
      expect(response.status).toBe(201);
    }
  });

  it("refuses everyone after 100 wrong codes in all within 15 minutes", async () => {
    await db
      .insert(registrationAttempts)
      .values(Array.from({ length: 100 }, (_, i) => ({ address: `198.51.100.${i}`, succeeded: false })));
    const response = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "new@plant.test", password: PASSWORD, securityCode: CODE },
        headers: { "x-plantops-client": OWNER },
      }),
    );
    expect(response.status).toBe(429);
  });
});
