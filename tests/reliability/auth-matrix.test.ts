import type { RouteConfigEntry } from "@remix-run/route-config";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import routes from "#app/routes.ts";
import {
  ADMIN,
  Client,
  database,
  endpoints,
  fillPath,
  PUBLIC_ENDPOINTS,
  signIn,
  staffUser,
  token,
} from "./support.ts";

// Issue 8 "Auth matrix": every page of the signed-in shell and every /api endpoint, with no session,
// an expired one, a revoked one and a forged one: pages send the visitor to /login, the API answers
// 401. Staff cannot open admin pages. The lists come from app/routes.ts and GET /api, so routes and
// endpoints added later are covered without editing this file.

const { url, dataDir } = inject("reliability");
const sql = database(dataDir);
afterAll(() => sql.end());

/** Every path inside the signed-in shell layout, with sample values for its parameters. */
function shellPaths(): string[] {
  const shell = (routes as RouteConfigEntry[]).find((entry) => entry.file === "shell/routes/layout.tsx");
  const paths = new Set<string>();
  const walk = (entries: RouteConfigEntry[] | undefined, parent: string) => {
    for (const entry of entries ?? []) {
      const joined = entry.path ? `${parent}/${entry.path}` : parent;
      if (entry.path !== undefined || entry.index)
        paths.add(fillPath(joined.replace("*", "no-such-page")) || "/");
      walk(entry.children, joined);
    }
  };
  walk(shell?.children, "");
  return [...paths];
}

type Credentials = { label: string; client: Client };
let bad: Credentials[] = [];
let badApi: Credentials[] = [];
let apiList: { method: string; path: string }[] = [];

const forgedCookie = (sessionId: string) =>
  `plantops_session=${encodeURIComponent(`${Buffer.from(JSON.stringify({ sessionId })).toString("base64")}.c2lnbmF0dXJl`)}`;

beforeAll(async () => {
  const expired = await staffUser(url);
  await sql`update sessions set expires_at = now() - interval '1 minute'
            where user_id = (select id from users where email = ${expired.email})`;

  const revoked = await staffUser(url);
  const loggedOut = await new Client(url, { cookie: revoked.cookie }).form("/logout", {});
  expect(loggedOut.status, "logout answers with a redirect").toBeLessThan(400);
  const revokedToken = await token(url, revoked.email);
  expect((await new Client(url, { token: revokedToken }).send("POST", "/api/auth/logout")).status).toBe(200);

  // A live session of someone else, for the forgeries: the id is right, the signature is not ours.
  const live = await staffUser(url);
  const [{ id: liveSession }] = await sql`select s.id from sessions s join users u on u.id = s.user_id
    where u.email = ${live.email} and s.revoked_at is null order by s.created_at desc limit 1`;
  const wrongKey = new TextEncoder().encode("api-token:not-our-secret-not-our-secret-not-our");
  const forgedToken = await new SignJWT({ sid: liveSession })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("plantops")
    .setExpirationTime("1h")
    .sign(wrongKey);
  const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(
    JSON.stringify({ sid: liveSession, iss: "plantops" }),
  ).toString("base64url")}.`;

  bad = [
    { label: "no session", client: new Client(url) },
    { label: "an expired session", client: new Client(url, { cookie: expired.cookie }) },
    { label: "a revoked session", client: new Client(url, { cookie: revoked.cookie }) },
    { label: "a forged session cookie", client: new Client(url, { cookie: forgedCookie(liveSession) }) },
  ];
  badApi = [
    ...bad,
    { label: "an expired token", client: new Client(url, { token: expired.token }) },
    { label: "a revoked token", client: new Client(url, { token: revokedToken }) },
    { label: "a token signed with another key", client: new Client(url, { token: forgedToken }) },
    { label: "an unsigned token (alg none)", client: new Client(url, { token: unsigned }) },
    { label: "a token that is not a token", client: new Client(url, { token: "not-a-token" }) },
  ];
  apiList = (await endpoints(url, { token: await token(url, ADMIN.email) })).filter(
    (endpoint) => !PUBLIC_ENDPOINTS.has(`${endpoint.method} ${endpoint.path}`),
  );
});

describe("pages of the signed-in shell", () => {
  const paths = shellPaths();

  it("lists the pages from app/routes.ts", () => {
    expect(paths).toEqual(expect.arrayContaining(["/home", "/settings"]));
  });

  it.each(
    paths,
  )("%s sends a visitor without a valid session to /login, and takes no form post", async (path) => {
    for (const { label, client } of bad) {
      const page = await client.get(path);
      expect(page.status, `GET ${path} with ${label}`).toBe(302);
      expect(page.headers.get("location"), `GET ${path} with ${label}`).toMatch(/^\/login\?redirectTo=/);
      const post = await client.form(path, { intent: "save", name: "x" });
      expect([302, 303, 403, 405], `POST ${path} with ${label}: ${post.status}`).toContain(post.status);
      if (post.status < 400)
        expect(post.headers.get("location"), `POST ${path} with ${label}`).toMatch(/^\/login/);
    }
  });
});

describe("the /api endpoints", () => {
  it("lists endpoints that need a sign-in", () => {
    expect(apiList.length).toBeGreaterThan(3);
  });

  it("answers 401 'Authentication required' to every endpoint without valid credentials", async () => {
    const failures: string[] = [];
    for (const endpoint of apiList) {
      const path = fillPath(endpoint.path);
      for (const { label, client } of badApi) {
        const body = endpoint.method === "POST" || endpoint.method === "PUT" ? {} : undefined;
        const answer = await client.send(endpoint.method, path, body);
        const message = (answer.json as { message?: string } | undefined)?.message;
        if (answer.status !== 401 || message !== "Authentication required")
          failures.push(
            `${endpoint.method} ${path} with ${label}: ${answer.status} ${answer.text.slice(0, 80)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("roles", () => {
  it("refuses staff the admin pages (403) and lets the admin in", async () => {
    const staff = await staffUser(url);
    const asStaff = new Client(url, { cookie: staff.cookie });
    expect((await asStaff.get("/settings")).status).toBe(403);
    expect((await asStaff.form("/settings", { plantName: "Taken over" })).status).toBe(403);
    const asAdmin = new Client(url, { cookie: await signIn(url, ADMIN.email) });
    expect((await asAdmin.get("/settings")).status).toBe(200);
  });

  it("lets a signed-in user open the pages (the matrix above is not vacuous)", async () => {
    const staff = await staffUser(url);
    const page = await new Client(url, { cookie: staff.cookie }).get("/home");
    expect(page.status).toBe(200);
  });
});
