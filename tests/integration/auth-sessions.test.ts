import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "#app/auth/routes/login.tsx";
import { sessions, users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { loader as shellLoader } from "#app/shell/routes/layout.tsx";
import { buildRequest, cookiesFrom, run } from "#tests/support/requests.ts";
import { createUser, PASSWORD, signedInUser } from "#tests/support/users.ts";

async function sessionOf(email: string) {
  const [row] = await db
    .select({ id: sessions.id, idleMinutes: sessions.idleMinutes, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(sql`${sessions.createdAt} desc`)
    .limit(1);
  return row;
}

async function lastSeen(sessionId: string, minutesAgo: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${minutesAgo * 60})` })
    .where(eq(sessions.id, sessionId));
}

const isSignedIn = async (cookie: string) =>
  (await run(shellLoader, buildRequest("/home", { cookie }))).status === 200;

describe("return address after sign-in, through the real /login", () => {
  const hostile = [
    "/%09/evil.example",
    "/%0d%0a/evil.example",
    "/\\evil.example",
    "/%5cevil.example",
    "//evil.example",
    "https://evil.example/",
    "/%2f%2fevil.example",
    "/\r\n/evil.example",
    "/\t/evil.example",
  ];

  it.each(hostile)("signs in and stays on our site for redirectTo=%j", async (redirectTo) => {
    const user = await createUser();
    const response = await run(
      loginAction,
      buildRequest("/login", { form: { email: user.email, password: PASSWORD, redirectTo } }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/home");
  });

  it("sends an already signed-in visitor to /home for a hostile redirectTo, never a 500", async () => {
    const { cookie } = await signedInUser();
    for (const redirectTo of hostile) {
      const response = await run(
        loginLoader,
        buildRequest(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { cookie }),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/home");
    }
    const raw = await run(loginLoader, buildRequest("/login?redirectTo=/%09/evil.example", { cookie }));
    expect(raw.headers.get("location")).toBe("/home");
    const ours = await run(loginLoader, buildRequest("/login?redirectTo=%2Famc%3Fq%3Dpump", { cookie }));
    expect(ours.headers.get("location")).toBe("/amc?q=pump");
  });
});

describe("idle sessions end", () => {
  it("ends a session after 8 idle hours (SESSION_IDLE_HOURS), not before", async () => {
    const { cookie, email } = await signedInUser();
    const session = await sessionOf(email);
    expect(session.idleMinutes).toBeNull();
    await lastSeen(session.id, 7 * 60 + 50);
    expect(await isSignedIn(cookie)).toBe(true);
    // That request was activity: the clock starts again.
    const after = await sessionOf(email);
    expect(Date.now() - after.lastSeenAt.getTime()).toBeLessThan(60_000);
    await lastSeen(session.id, 8 * 60 + 1);
    const response = await run(shellLoader, buildRequest("/home", { cookie }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login");
  });

  it("notes activity at most once a minute", async () => {
    const { cookie, email } = await signedInUser();
    const session = await sessionOf(email);
    await lastSeen(session.id, 0.5);
    const before = (await sessionOf(email)).lastSeenAt.getTime();
    await isSignedIn(cookie);
    expect((await sessionOf(email)).lastSeenAt.getTime()).toBe(before);
    await lastSeen(session.id, 2);
    await isSignedIn(cookie);
    expect(Date.now() - (await sessionOf(email)).lastSeenAt.getTime()).toBeLessThan(30_000);
  });
});

describe("a shared terminal", () => {
  it("gets a cookie that ends with the browser and a session that ends after 30 idle minutes", async () => {
    const user = await createUser();
    const shared = await run(
      loginAction,
      buildRequest("/login", { form: { email: user.email, password: PASSWORD, sharedTerminal: "on" } }),
    );
    expect(shared.status).toBe(302);
    const setCookie = shared.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/plantops_session=.*HttpOnly/i);
    expect(setCookie).not.toMatch(/max-age|expires/i);
    const cookie = cookiesFrom(shared);
    const session = await sessionOf(user.email);
    expect(session.idleMinutes).toBe(30);

    await lastSeen(session.id, 29);
    expect(await isSignedIn(cookie)).toBe(true);
    await lastSeen(session.id, 31);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it("leaves an ordinary sign-in's cookie for 7 days", async () => {
    const user = await createUser();
    const response = await run(
      loginAction,
      buildRequest("/login", { form: { email: user.email, password: PASSWORD } }),
    );
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=604800/);
  });
});
