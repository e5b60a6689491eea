import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { action as loginAction } from "#app/auth/routes/login.tsx";
import { loginAttempts, users } from "#app/auth/table.server.ts";
import { loader as apiEquipment } from "#app/contracts/routes/api-list.ts";
import { db } from "#app/db/client.server.ts";
import { action as apiRegister } from "#app/registration/routes/api-register.ts";
import { action as registerAction, loader as registerLoader } from "#app/registration/routes/register.tsx";
import { action as settingsAction } from "#app/settings/routes/settings.tsx";
import { loader as shellLoader } from "#app/shell/routes/layout.tsx";
import { action as accountAction, loader as accountLoader } from "#app/users/routes/account.tsx";
import { action as changePasswordAction } from "#app/users/routes/change-password.tsx";
import { action as userAction, loader as userLoader } from "#app/users/routes/user.tsx";
import { action as usersAction, loader as usersLoader } from "#app/users/routes/users.tsx";
import {
  COMMON_PASSWORD_MESSAGE,
  LAST_ADMIN_MESSAGE,
  PASSWORD_CHANGED,
  WRONG_PASSWORD_MESSAGE,
} from "#app/users/rules.ts";
import { buildRequest, run, toastOf } from "#tests/support/requests.ts";
import { apiToken, createUser, PASSWORD, signedInUser, signIn } from "#tests/support/users.ts";

// People (issue 16): user administration, forced password change, own account, registration.
// One database for the file; the first account made is the admin.

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let admin: Signed;

beforeAll(async () => {
  admin = await signedInUser();
  expect(admin.role).toBe("admin");
});

const idOf = async (email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

const userPost = (cookie: string, id: string, form: Record<string, string>) =>
  run(userAction, buildRequest(`/users/${id}`, { cookie, form }), { id });

const isSignedIn = async (cookie: string) =>
  (await run(shellLoader, buildRequest("/home", { cookie }))).status === 200;

async function addUser(role = "guard") {
  const email = `added-${Math.random().toString(16).slice(2, 10)}@plant.test`;
  const response = await run(
    usersAction,
    buildRequest("/users", {
      cookie: admin.cookie,
      form: { intent: "add", email, name: "Gate Guard", role },
    }),
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { added: { id: string; temporaryPassword: string } };
  return { email, password: body.added.temporaryPassword, id: body.added.id };
}

async function makeAdmin() {
  const user = await signedInUser();
  await db.update(users).set({ role: "admin" }).where(eq(users.email, user.email));
  return { ...user, id: await idOf(user.email) };
}

describe("the last active admin", () => {
  it("cannot be demoted or disabled: There must be at least one admin", async () => {
    const adminId = await idOf(admin.email);
    await db
      .update(users)
      .set({ role: "staff" })
      .where(and(eq(users.role, "admin"), sql`${users.id} <> ${adminId}`));

    const demote = await userPost(admin.cookie, adminId, { intent: "role", role: "viewer" });
    expect(demote.status).toBe(409);
    const body = (await demote.json()) as { error: string; role: string };
    expect(body.error).toBe(LAST_ADMIN_MESSAGE);
    // The refused choice comes back, so the form shows what was asked.
    expect(body.role).toBe("viewer");

    const disable = await userPost(admin.cookie, adminId, { intent: "disable" });
    expect(disable.status).toBe(409);
    expect(((await disable.json()) as { error: string }).error).toBe(LAST_ADMIN_MESSAGE);

    const [row] = await db.select().from(users).where(eq(users.id, adminId));
    expect(row).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("of two admins demoting each other at the same moment, exactly one succeeds", async () => {
    const adminId = await idOf(admin.email);
    const a = await makeAdmin();
    const b = await makeAdmin();
    // Leave only a and b as admins, so each demotion would take the other's last peer.
    await db.update(users).set({ role: "staff" }).where(eq(users.id, adminId));
    try {
      const [first, second] = await Promise.all([
        userPost(a.cookie, b.id, { intent: "role", role: "staff" }),
        userPost(b.cookie, a.id, { intent: "role", role: "staff" }),
      ]);
      const statuses = [first.status, second.status].sort();
      // One demotion goes through; the other finds its actor no longer an admin, or no admin left.
      expect(statuses[0]).toBe(302);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`${users.id} in (${a.id}, ${b.id})`));
      expect(admins).toHaveLength(1);
    } finally {
      await db.update(users).set({ role: "admin" }).where(eq(users.id, adminId));
    }
  });

  it("keeps staff out of /users with 403", async () => {
    const staff = await signedInUser();
    expect(staff.role).toBe("staff");
    const response = await run(usersLoader, buildRequest("/users", { cookie: staff.cookie }));
    expect(response.status).toBe(403);
  });
});

describe("adding a user and the forced password change", () => {
  it("shows a temporary password once, and the new user must change it before anything else", async () => {
    // Staff: the API call at the end is one their role may make (a guard's would be 403 by role).
    const added = await addUser("staff");
    const cookie = await signIn(added);

    // Every page sends them to the change-password form; the API refuses with a message.
    const home = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/change-password");
    const token = await apiToken(added);
    const api = await run(apiEquipment, buildRequest("/api/equipment/get", { token }));
    expect(api.status).toBe(403);
    expect(((await api.json()) as { message: string }).message).toMatch(/change your password/);

    // A common password is refused and the form comes back with the message.
    const common = await run(
      changePasswordAction,
      buildRequest("/change-password", {
        cookie,
        form: { newPassword: "password123", confirmPassword: "password123" },
      }),
    );
    expect(common.status).toBe(400);
    expect(JSON.stringify(await common.json())).toContain(COMMON_PASSWORD_MESSAGE);

    const changed = await run(
      changePasswordAction,
      buildRequest("/change-password", {
        cookie,
        form: { newPassword: "gate keeper at dawn", confirmPassword: "gate keeper at dawn" },
      }),
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/home");
    expect(await isSignedIn(cookie)).toBe(true);
    // The token was had with the temporary password: it ends with it; a new one works.
    expect((await run(apiEquipment, buildRequest("/api/equipment/get", { token }))).status).toBe(401);
    const newToken = await apiToken({ email: added.email, password: "gate keeper at dawn" });
    expect((await run(apiEquipment, buildRequest("/api/equipment/get", { token: newToken }))).status).toBe(
      200,
    );

    const [row] = await db.select().from(users).where(eq(users.id, added.id));
    expect(row).toMatchObject({ role: "staff", name: "Gate Guard", mustChangePassword: false });
    expect(row.lastSignInAt).toBeInstanceOf(Date);
  });

  it("refuses a taken e-mail and a missing role, the form filled in", async () => {
    const taken = await run(
      usersAction,
      buildRequest("/users", {
        cookie: admin.cookie,
        form: { intent: "add", email: admin.email, name: "X", role: "staff" },
      }),
    );
    expect(taken.status).toBe(409);
    const text = JSON.stringify(await taken.json());
    expect(text).toContain("already exists");
    expect(text).toContain(admin.email);

    const noRole = await run(
      usersAction,
      buildRequest("/users", {
        cookie: admin.cookie,
        form: { intent: "add", email: "x@plant.test", role: "boss" },
      }),
    );
    expect(noRole.status).toBe(400);
  });

  it("lists users with status, searched on the server", async () => {
    const added = await addUser("viewer");
    const response = await run(
      usersLoader,
      buildRequest(`/users?q=${encodeURIComponent(added.email)}`, { cookie: admin.cookie }),
    );
    const body = (await response.json()) as {
      rows: Array<{ email: string; role: string; status: string }>;
      view: { total: number };
    };
    expect(body.view.total).toBe(1);
    expect(body.rows[0]).toMatchObject({ email: added.email, role: "viewer", status: "active" });
  });
});

describe("disable, enable, reset, unlock", () => {
  it("disable signs out every session and API token at once; enable lets the user sign in again", async () => {
    const user = await signedInUser();
    const token = await apiToken(user);
    const id = await idOf(user.email);
    expect(await isSignedIn(user.cookie)).toBe(true);

    const disabled = await userPost(admin.cookie, id, { intent: "disable" });
    expect(disabled.status).toBe(302);
    const page = await run(shellLoader, buildRequest("/home", { cookie: user.cookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    expect((await run(apiEquipment, buildRequest("/api/equipment/get", { token }))).status).toBe(401);
    await expect(signIn(user)).rejects.toThrow(/401/);

    expect((await userPost(admin.cookie, id, { intent: "enable" })).status).toBe(302);
    expect(await isSignedIn(await signIn(user))).toBe(true);
  });

  it("reset gives a new temporary password, signs the user out and forces a change", async () => {
    const user = await signedInUser();
    const id = await idOf(user.email);
    const reset = await userPost(admin.cookie, id, { intent: "reset" });
    expect(reset.status).toBe(200);
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect(await isSignedIn(user.cookie)).toBe(false);
    await expect(signIn(user)).rejects.toThrow(/401/);
    const cookie = await signIn({ email: user.email, password: temporaryPassword });
    const home = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(home.headers.get("location")).toBe("/change-password");
  });

  it("unlock clears the account's counted failures, so a throttled account is checked at once", async () => {
    const user = await createUser();
    const id = await idOf(user.email);
    // Twelve recent failures from one address: that address waits minutes (2^7 s) for this account.
    const address = "203.0.113.7";
    await db
      .insert(loginAttempts)
      .values(
        Array.from({ length: 12 }, () => ({ email: user.email.toLowerCase(), address, succeeded: false })),
      );
    const fromThere = {
      form: { email: user.email, password: PASSWORD },
      headers: { "x-plantops-client": address },
    };
    const throttled = await run(loginAction, buildRequest("/login", fromThere));
    expect(throttled.status).toBe(429);
    const locked = await run(userLoader, buildRequest(`/users/${id}`, { cookie: admin.cookie }), { id });
    expect(((await locked.json()) as { user: { status: string } }).user.status).toBe("locked");

    expect((await userPost(admin.cookie, id, { intent: "unlock" })).status).toBe(302);
    const failures = await db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, user.email.toLowerCase()), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(0);
    const again = await run(loginAction, buildRequest("/login", fromThere));
    expect(again.status).toBe(302);
  });

  it("writes every change to the audit log, never a password", async () => {
    const added = await addUser("staff");
    await userPost(admin.cookie, added.id, { intent: "role", role: "viewer" });
    await userPost(admin.cookie, added.id, { intent: "disable" });
    await userPost(admin.cookie, added.id, { intent: "enable" });
    const reset = await userPost(admin.cookie, added.id, { intent: "reset" });
    const { temporaryPassword } = (await reset.json()) as { temporaryPassword: string };
    await userPost(admin.cookie, added.id, { intent: "unlock" });
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, added.id));
    const text = JSON.stringify(entries);
    expect(entries.map((entry) => entry.action)).toEqual([
      "create",
      "update",
      "update",
      "update",
      "update",
      "update",
    ]);
    expect(text).toContain('"role":"viewer"');
    expect(text).toContain('"disabled":true');
    expect(text).toContain('"passwordReset":true');
    expect(text).toContain('"unlocked":true');
    expect(text).not.toContain(temporaryPassword);
    expect(text).not.toContain(added.password);
  });
});

describe("own account", () => {
  it("changes the password with the current one, ending every other session and API token; a wrong current or a common new one is refused", async () => {
    const user = await signedInUser();
    const elsewhere = await signIn(user);
    const token = await apiToken(user);
    const post = (form: Record<string, string>) =>
      run(
        accountAction,
        buildRequest("/account", { cookie: user.cookie, form: { intent: "password", ...form } }),
      );
    const wrong = await post({
      currentPassword: "not it at all",
      newPassword: "a new long phrase",
      confirmPassword: "a new long phrase",
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain(WRONG_PASSWORD_MESSAGE);
    const common = await post({
      currentPassword: PASSWORD,
      newPassword: "Qwerty123",
      confirmPassword: "Qwerty123",
    });
    expect(common.status).toBe(400);
    expect(JSON.stringify(await common.json())).toContain(COMMON_PASSWORD_MESSAGE);
    const short = await post({ currentPassword: PASSWORD, newPassword: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    const differ = await post({
      currentPassword: PASSWORD,
      newPassword: "a new long phrase",
      confirmPassword: "another one",
    });
    expect(differ.status).toBe(400);

    const ok = await post({
      currentPassword: PASSWORD,
      newPassword: "a new long phrase",
      confirmPassword: "a new long phrase",
    });
    expect(ok.status).toBe(302);
    expect(await toastOf(ok)).toMatchObject({ message: PASSWORD_CHANGED });
    expect(await isSignedIn(user.cookie)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect((await run(apiEquipment, buildRequest("/api/equipment/get", { token }))).status).toBe(401);
    await expect(signIn(user)).rejects.toThrow(/401/);
    expect(await isSignedIn(await signIn({ email: user.email, password: "a new long phrase" }))).toBe(true);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, await idOf(user.email)));
    expect(JSON.stringify(entries)).toContain('"passwordChanged":true');
    expect(JSON.stringify(entries)).not.toContain("a new long phrase");
  });

  it("saves the name (audited)", async () => {
    const user = await signedInUser();
    const saved = await run(
      accountAction,
      buildRequest("/account", { cookie: user.cookie, form: { intent: "name", name: "Ravi K" } }),
    );
    expect(saved.status).toBe(302);
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, user.email));
    expect(row.name).toBe("Ravi K");
  });

  it("lists own sessions, signs out one, then everywhere else but this one", async () => {
    const user = await signedInUser();
    const second = await signIn(user);
    const third = await signIn(user);
    const listed = await run(accountLoader, buildRequest("/account", { cookie: user.cookie }));
    const { sessions } = (await listed.json()) as { sessions: Array<{ id: string; current: boolean }> };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);

    // Another user's session id does nothing.
    const stranger = await signedInUser();
    const strangerSessions = (await (
      await run(accountLoader, buildRequest("/account", { cookie: stranger.cookie }))
    ).json()) as {
      sessions: Array<{ id: string }>;
    };
    await run(
      accountAction,
      buildRequest("/account", {
        cookie: user.cookie,
        form: { intent: "sign-out", sessionId: strangerSessions.sessions[0].id },
      }),
    );
    expect(await isSignedIn(stranger.cookie)).toBe(true);

    const secondId = (await (
      await run(accountLoader, buildRequest("/account", { cookie: second }))
    ).json()) as {
      sessions: Array<{ id: string; current: boolean }>;
    };
    const secondSession = secondId.sessions.find((session) => session.current)!.id;
    const one = await run(
      accountAction,
      buildRequest("/account", {
        cookie: user.cookie,
        form: { intent: "sign-out", sessionId: secondSession },
      }),
    );
    expect(one.status).toBe(302);
    expect(await isSignedIn(second)).toBe(false);
    expect(await isSignedIn(third)).toBe(true);

    const others = await run(
      accountAction,
      buildRequest("/account", { cookie: user.cookie, form: { intent: "sign-out-others" } }),
    );
    expect(others.status).toBe(302);
    expect(await isSignedIn(third)).toBe(false);
    expect(await isSignedIn(user.cookie)).toBe(true);
  });
});

describe("registration settings", () => {
  const settingsPost = (form: Record<string, string>) =>
    run(settingsAction, buildRequest("/settings", { cookie: admin.cookie, form }));

  it("gives new registrations the chosen role", async () => {
    expect((await settingsPost({ intent: "registration", role: "viewer", open: "on" })).status).toBe(302);
    try {
      const user = await createUser();
      expect(user.role).toBe("viewer");
    } finally {
      await settingsPost({ intent: "registration", role: "staff", open: "on" });
    }
  });

  it("closed: the page says so and the form and the API refuse with a clear message", async () => {
    expect((await settingsPost({ intent: "registration", role: "staff" })).status).toBe(302);
    try {
      const page = await run(registerLoader, buildRequest("/register"));
      expect(await page.json()).toEqual({ open: false });
      const form = await run(
        registerAction,
        buildRequest("/register", {
          form: {
            name: "Closed",
            email: "closed@plant.test",
            password: PASSWORD,
            securityCode: process.env.REGISTRATION_CODE!,
          },
        }),
      );
      expect(form.status).toBe(403);
      expect(JSON.stringify(await form.json())).toContain("Registration is closed");
      const api = await run(
        apiRegister,
        buildRequest("/api/auth/register", {
          json: {
            email: "closed@plant.test",
            password: PASSWORD,
            securityCode: process.env.REGISTRATION_CODE,
          },
        }),
      );
      expect(api.status).toBe(403);
      expect(((await api.json()) as { message: string }).message).toContain("Registration is closed");
      expect(await db.select().from(users).where(eq(users.email, "closed@plant.test"))).toHaveLength(0);
    } finally {
      await settingsPost({ intent: "registration", role: "staff", open: "on" });
    }
  });

  it("rotating the code shows the new one once; the old code stops working", async () => {
    const rotated = await settingsPost({ intent: "rotate" });
    expect(rotated.status).toBe(200);
    const { code } = (await rotated.json()) as { code: string };
    expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const register = (email: string, securityCode: string) =>
      run(
        apiRegister,
        buildRequest("/api/auth/register", { json: { email, password: PASSWORD, securityCode } }),
      );
    const old = await register("old-code@plant.test", process.env.REGISTRATION_CODE!);
    expect(old.status).toBe(400);
    expect(((await old.json()) as { message: string }).message).toBe("Invalid security code");
    expect((await register("new-code@plant.test", code)).status).toBe(201);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "settings"),
          eq(auditLog.entityId, "registration"),
          sql`${auditLog.after} ? 'rotatedAt'`,
        ),
      );
    expect(JSON.stringify(entry)).not.toContain(code);
    // The database keeps only the hash.
    const stored = await db.execute(
      sql`select value::text as value from settings where key = 'registration'`,
    );
    expect(JSON.stringify(stored)).not.toContain(code);
  });
});
