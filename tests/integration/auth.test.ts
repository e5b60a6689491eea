import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as apiHealth } from "#app/api/routes/health.ts";
import { loader as apiIndex } from "#app/api/routes/index.ts";
import { loader as apiNotFound } from "#app/api/routes/not-found.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { action as apiLogin } from "#app/auth/routes/api-login.ts";
import { action as apiLogout } from "#app/auth/routes/api-logout.ts";
import { action as loginAction, loader as loginLoader } from "#app/auth/routes/login.tsx";
import { action as logoutAction } from "#app/auth/routes/logout.tsx";
import { loginAttempts, sessions, users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { action as apiRegister } from "#app/registration/routes/api-register.ts";
import { action as registerAction } from "#app/registration/routes/register.tsx";
import { action as settingsAction, loader as settingsLoader } from "#app/settings/routes/settings.tsx";
import { loader as shellLoader } from "#app/shell/routes/layout.tsx";
import { buildRequest, cookiesFrom, run } from "#tests/support/requests.ts";
import { apiToken, createUser, PASSWORD, signedInUser, signIn } from "#tests/support/users.ts";

const CODE = process.env.REGISTRATION_CODE!;

describe("registration", () => {
  it("refuses a wrong security code and creates no account", async () => {
    const response = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Wrong", email: "wrong@plant.test", password: PASSWORD, securityCode: "NOPE" },
      }),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Invalid security code");
    expect(await db.select().from(users).where(eq(users.email, "wrong@plant.test"))).toHaveLength(0);
  });

  it("makes the first account admin and the next staff, then says so and goes to sign-in", async () => {
    const first = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "First Person", email: "first@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login");
    expect(first.headers.get("set-cookie")).toContain("plantops_toast");
    await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Second Person", email: "second@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    const rows = await db
      .select({ email: users.email, role: users.role, hash: users.passwordHash })
      .from(users)
      .where(sql`${users.email} in ('first@plant.test','second@plant.test')`);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.role]))).toEqual({
      "first@plant.test": "admin",
      "second@plant.test": "staff",
    });
    expect(rows.every((row) => row.hash.startsWith("scrypt$") && !row.hash.includes(PASSWORD))).toBe(true);
  });

  it("refuses an e-mail already registered (any case) and a short password, keeping the e-mail typed", async () => {
    await createUser({ email: "taken@plant.test" });
    const taken = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Taken", email: "TAKEN@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(taken.status).toBe(409);
    const body = JSON.stringify(await taken.json());
    expect(body).toContain("Error registering user: An account with this e-mail already exists");
    expect(body).toContain("TAKEN@plant.test");
    const short = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Short", email: "short@plant.test", password: "1234567", securityCode: CODE },
      }),
    );
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain("Password must be at least 8 characters.");
  });

  it("asks for a name, keeping what was typed, and stores it as the account's name", async () => {
    const nameless = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "  ", email: "nameless@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(nameless.status).toBe(400);
    const body = JSON.stringify(await nameless.json());
    expect(body).toContain("Name is required.");
    expect(body).toContain("nameless@plant.test");
    expect(await db.select().from(users).where(eq(users.email, "nameless@plant.test"))).toHaveLength(0);

    const named = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: " Asha Patil ", email: "asha@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(named.status).toBe(302);
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, "asha@plant.test"));
    expect(row.name).toBe("Asha Patil");
  });

  it("takes the security code with spaces around it and in lower case", async () => {
    for (const [index, code] of [`${CODE} `, ` ${CODE.toLowerCase()}`].entries()) {
      const email = `code-${index}@plant.test`;
      const response = await run(
        registerAction,
        buildRequest("/register", { form: { name: "Coder", email, password: PASSWORD, securityCode: code } }),
      );
      expect(response.status, JSON.stringify(code)).toBe(302);
    }
    const api = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "code-api@plant.test", password: PASSWORD, securityCode: `${CODE.toLowerCase()}\t` },
      }),
    );
    expect(api.status).toBe(201);
    const near = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Near", email: "near@plant.test", password: PASSWORD, securityCode: `${CODE}X` },
      }),
    );
    expect(near.status).toBe(400);
  });

  it("records the new account in the audit log", async () => {
    await createUser({ email: "audited@plant.test" });
    const [user] = await db.select().from(users).where(eq(users.email, "audited@plant.test"));
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "create", entity: "user", userId: user.id });
    expect(JSON.stringify(entries[0].after)).not.toContain("password");
  });
});

describe("sign-in", () => {
  it("signs in and goes to /home, or to the page first asked for", async () => {
    const user = await createUser();
    const home = await run(
      loginAction,
      buildRequest("/login", { form: { email: user.email, password: PASSWORD } }),
    );
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/home");
    expect(home.headers.get("set-cookie")).toMatch(/plantops_session=.*HttpOnly.*SameSite=Lax/i);
    const back = await run(
      loginAction,
      buildRequest("/login", { form: { email: user.email, password: PASSWORD, redirectTo: "/amc" } }),
    );
    expect(back.headers.get("location")).toBe("/amc");
    const offsite = await run(
      loginAction,
      buildRequest("/login", {
        form: { email: user.email, password: PASSWORD, redirectTo: "https://evil.example/" },
      }),
    );
    expect(offsite.headers.get("location")).toBe("/home");
  });

  it("says 'Invalid email or password.' for a wrong password and for an unknown e-mail alike", async () => {
    const user = await createUser();
    for (const form of [
      { email: user.email, password: "wrong password" },
      { email: "nobody@plant.test", password: PASSWORD },
    ]) {
      const response = await run(loginAction, buildRequest("/login", { form }));
      expect(response.status).toBe(401);
      const body = JSON.stringify(await response.json());
      expect(body).toContain("Invalid email or password.");
      expect(body).not.toContain(form.password);
    }
  });

  it("ignores a client's own X-Forwarded-For unless a proxy is trusted (TRUST_PROXY)", async () => {
    const user = await createUser();
    await run(
      loginAction,
      buildRequest("/login", {
        form: { email: user.email, password: "wrong" },
        headers: { "x-forwarded-for": "203.0.113.9" },
      }),
    );
    const [attempt] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempt.address).toBe("unknown");
  });

  it("sends a signed-in visitor of the sign-in page on to /home", async () => {
    const { cookie } = await signedInUser();
    const response = await run(loginLoader, buildRequest("/login", { cookie }));
    expect(response.headers.get("location")).toBe("/home");
  });
});

describe("the guard and logout", () => {
  it("sends a visitor without a session to /login with the page to come back to", async () => {
    const response = await run(shellLoader, buildRequest("/amc?x=1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Famc%3Fx%3D1");
  });

  it("lets a signed-in user in, and logout revokes the session at once", async () => {
    const { cookie, email } = await signedInUser();
    const inside = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(inside.status).toBe(200);
    expect(((await inside.json()) as { user: { email: string } }).user.email).toBe(email);

    const out = await run(logoutAction, buildRequest("/logout", { method: "POST", cookie }));
    expect(out.headers.get("location")).toBe("/");
    // The old cookie no longer works, even if a browser kept it.
    const again = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toContain("/login");
  });

  it("signs out a session revoked or expired elsewhere on its next request", async () => {
    const user = await createUser();
    const revokedCookie = await signIn(user);
    const expiredCookie = await signIn(user);
    const [revoked, expired] = await db
      .select()
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, user.email))
      .orderBy(sessions.createdAt);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked.sessions.id));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.sessions.id));
    for (const cookie of [revokedCookie, expiredCookie]) {
      const response = await run(shellLoader, buildRequest("/home", { cookie }));
      expect(response.headers.get("location")).toContain("/login");
    }
  });

  it("signs out a disabled user", async () => {
    const { cookie, email } = await signedInUser();
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, email));
    const response = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(response.headers.get("location")).toContain("/login");
  });

  it("refuses a cookie-authenticated form post from another site (CSRF)", async () => {
    const { cookie } = await signedInUser();
    const cross = await run(
      logoutAction,
      buildRequest("/logout", { method: "POST", cookie, origin: "https://evil.example" }),
    );
    expect(cross.status).toBe(403);
    const none = await run(
      settingsAction,
      buildRequest("/settings", { form: { plantName: "X" }, cookie, origin: null }),
    );
    expect(none.status).toBe(403);
  });
});

describe("the /api sign-in endpoints", () => {
  it("registers (201), refuses a wrong code (400), a taken e-mail (409) and a weak password (400)", async () => {
    const ok = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "api@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ message: "User registered successfully!" });
    // `name` is optional on the API (older clients send none); given, it is stored.
    const named = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { name: "Api Person", email: "api-named@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(named.status).toBe(201);
    const stored = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(sql`${users.email} in ('api@plant.test','api-named@plant.test')`);
    expect(Object.fromEntries(stored.map((row) => [row.email, row.name]))).toEqual({
      "api@plant.test": "",
      "api-named@plant.test": "Api Person",
    });
    const wrong = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "api2@plant.test", password: PASSWORD, securityCode: "nope" },
      }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Invalid security code" });
    const taken = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "api@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: "An account with this e-mail already exists" });
    const weak = await run(
      apiRegister,
      buildRequest("/api/auth/register", {
        json: { email: "api3@plant.test", password: "short", securityCode: CODE },
      }),
    );
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(
      "Password must be at least 8 characters.",
    );
  });

  it("logs in with a token that opens the API, and logout revokes it", async () => {
    const user = await createUser();
    const login = await run(
      apiLogin,
      buildRequest("/api/auth/login", { json: { email: user.email, password: PASSWORD } }),
    );
    expect(login.status).toBe(200);
    const body = (await login.json()) as {
      token: string;
      message: string;
      user: { email: string; role: string };
    };
    expect(body).toMatchObject({ message: "Login successful", user: { email: user.email, role: user.role } });

    const list = await run(apiIndex, buildRequest("/api", { token: body.token }));
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain("/api/auth/login");

    const out = await run(apiLogout, buildRequest("/api/auth/logout", { method: "POST", token: body.token }));
    expect(await out.json()).toEqual({ message: "Logged out" });
    const after = await run(apiIndex, buildRequest("/api", { token: body.token }));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Authentication required" });
  });

  it("answers 401 with the contract's message for no auth, a forged token and a bad password", async () => {
    expect((await run(apiIndex, buildRequest("/api"))).status).toBe(401);
    const forged = await run(
      apiIndex,
      buildRequest("/api", { token: "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.bad" }),
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: "Authentication required" });
    const user = await createUser();
    const bad = await run(
      apiLogin,
      buildRequest("/api/auth/login", { json: { email: user.email, password: "nope" } }),
    );
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: "Invalid email or password" });
  });

  it("accepts the session cookie, but not for a cross-site mutation", async () => {
    const { cookie } = await signedInUser();
    expect((await run(apiIndex, buildRequest("/api", { cookie }))).status).toBe(200);
    const cross = await run(
      apiLogout,
      buildRequest("/api/auth/logout", { method: "POST", cookie, origin: "https://evil.example" }),
    );
    expect(cross.status).toBe(403);
  });

  it("answers bad bodies with 400/415, never 500", async () => {
    const malformed = await run(
      apiLogin,
      buildRequest("/api/auth/login", { body: "{not json", headers: { "content-type": "application/json" } }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "The body is not valid JSON." });
    const form = await run(apiLogin, buildRequest("/api/auth/login", { form: { email: "a@b.c" } }));
    expect(form.status).toBe(415);
    const missing = await run(apiRegister, buildRequest("/api/auth/register", { json: { email: 5 } }));
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as { message: string; errors: Record<string, string[]> };
    expect(missingBody.errors).toHaveProperty("password");
    const huge = await run(
      apiLogin,
      buildRequest("/api/auth/login", { json: { email: "a@b.c", password: "x".repeat(1_100_000) } }),
    );
    expect(huge.status).toBe(413);
  });

  it("answers unknown /api paths with JSON 404 after auth", async () => {
    const token = await apiToken(await createUser());
    const response = await run(apiNotFound, buildRequest("/api/nothing", { token }));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });

  it("reports health without sign-in", async () => {
    const response = await run(apiHealth, buildRequest("/api/health"));
    expect(response.status).toBe(200);
    // Liveness apart from readiness, and this instance's background work: no job queue runs in
    // this test process, which health says ("stopped" is not "ok").
    expect(await response.json()).toEqual({
      status: "degraded",
      database: "ok",
      live: true,
      ready: true,
      jobs: "stopped",
      mail: expect.stringMatching(/^(ok|off)$/),
      instance: expect.stringMatching(/:\d+$/),
    });
  });
});

describe("settings", () => {
  it("lets the admin save plant settings (audited) and keeps staff out with 403", async () => {
    const admin = await signedInUser();
    // Each file has its own database; make sure this admin is the admin.
    await db.update(users).set({ role: "admin" }).where(eq(users.email, admin.email));
    const staff = await signedInUser();
    await db.update(users).set({ role: "staff" }).where(eq(users.email, staff.email));

    const refused = await run(settingsLoader, buildRequest("/settings", { cookie: staff.cookie }));
    expect(refused.status).toBe(403);

    const saved = await run(
      settingsAction,
      buildRequest("/settings", {
        cookie: admin.cookie,
        form: {
          plantName: "Vizag Plant",
          companyName: "Acme Gas",
          webAddress: "www.acme.test",
          whatsappRecipients: "98765 43210\n+91 91234 56789",
          dueSoonDays: "10",
          reminderOffsets: "60, 30, 7",
          digestTime: "08:00",
        },
      }),
    );
    expect(saved.status).toBe(302);
    const shell = await run(shellLoader, buildRequest("/home", { cookie: admin.cookie }));
    const data = (await shell.json()) as {
      settings: { plantName: string; webAddress: string; whatsappRecipients: string[]; dueSoonDays: number };
    };
    expect(data.settings).toMatchObject({
      plantName: "Vizag Plant",
      webAddress: "www.acme.test",
      whatsappRecipients: ["98765 43210", "+91 91234 56789"],
      dueSoonDays: 10,
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(entry).toMatchObject({ action: "update", entityId: "plant" });

    const bad = await run(
      settingsAction,
      buildRequest("/settings", {
        cookie: admin.cookie,
        form: { plantName: " ", companyName: "Acme", whatsappRecipients: "12", dueSoonDays: "-1" },
      }),
    );
    expect(bad.status).toBe(400);
    const text = JSON.stringify(await bad.json());
    expect(text).toContain("Plant name is required.");
    expect(text).toContain("Enter a phone number of 10 to 15 digits.");
    expect(text).toContain("At least 0 days.");
  });
});

describe("cookies", () => {
  it("carries the toast across the redirect after registration", async () => {
    const response = await run(
      registerAction,
      buildRequest("/register", {
        form: { name: "Toast", email: "toast@plant.test", password: PASSWORD, securityCode: CODE },
      }),
    );
    expect(cookiesFrom(response)).toContain("plantops_toast=");
  });
});
