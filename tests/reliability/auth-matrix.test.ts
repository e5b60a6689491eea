import type { RouteConfigEntry } from "@remix-run/route-config";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Area, can, deniedMessage, type Need } from "#app/auth/permissions.ts";
import { ROLES, type Role } from "#app/auth/roles.ts";
import { flattenEntries } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";
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
// 401. The lists come from app/routes.ts, app/resources.ts and GET /api, so routes and endpoints added later are
// covered without editing this file, except for the one line each route module adds to AREA_OF.
//
// Issue 16 "Roles": every page, form action and endpoint × every role, the expected answer read
// from the one permission table (app/auth/permissions.ts `can`): allowed is anything but 401/403
// (a made-up id is a 404), refused is 403 with the role's sentence.

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

// The area each route module declares on its guard line (requirePermission / requireApiPermission),
// and for pages that exist only to change something, that their loader asks "write". "signedIn":
// any signed-in role (home, the 404 page, the API index). A module of either route table missing here fails.
type Declared = { area: Area | "signedIn"; page?: Need };
const AREA_OF: Record<string, Declared> = {
  "home/route.tsx": { area: "signedIn" },
  "home/print.tsx": { area: "signedIn" },
  "shell/routes/not-found.tsx": { area: "signedIn" },
  "settings/routes/settings.tsx": { area: "settings" },
  "mail/routes/outbox.tsx": { area: "settings" },
  // Backups (issue 34): the admins', whose loader asks "write" (a backup holds every record).
  "backups/routes/backups.tsx": { area: "settings", page: "write" },
  "backups/routes/download.ts": { area: "settings", page: "write" },
  "users/routes/users.tsx": { area: "users" },
  "users/routes/user.tsx": { area: "users" },
  "users/routes/account.tsx": { area: "signedIn" },
  "users/routes/change-password.tsx": { area: "signedIn" },
  "audit-trail/routes/audit.tsx": { area: "audit" },
  "audit-trail/routes/print.tsx": { area: "audit" },
  "shell/routes/alerts.tsx": { area: "contracts" },
  "spares/routes/list.tsx": { area: "spares" },
  "spares/routes/print.tsx": { area: "spares" },
  "spares/routes/line-by-srno.ts": { area: "spares", page: "write" },
  "spares/routes/delete.tsx": { area: "spares", page: "write" },
  "spares/routes/insert.tsx": { area: "spares", page: "write" },
  "spares/routes/update.tsx": { area: "spares", page: "write" },
  "store-racks/routes/racks.tsx": { area: "racks" },
  "store-racks/routes/print.tsx": { area: "racks" },
  "store-racks/routes/delete.tsx": { area: "racks", page: "write" },
  "store-racks/routes/insert.tsx": { area: "racks", page: "write" },
  "store-racks/routes/update.tsx": { area: "racks", page: "write" },
  // The stock report: the racks' (its spares rows only for a role that may read the spares).
  "ledger/report/routes/report.tsx": { area: "racks" },
  "ledger/report/routes/print.tsx": { area: "racks" },
  // The stock ledger: a rack item's movements are the racks area's, a spares line's the spares
  // area's; the matrix's made-up `:type` names no item type, which the guard reads as racks.
  "ledger/routes/card.tsx": { area: "racks" },
  "ledger/routes/card-print.tsx": { area: "racks" },
  "ledger/routes/movement.tsx": { area: "racks", page: "write" },
  "ledger/routes/reverse.tsx": { area: "racks", page: "write" },
  "contracts/routes/list.tsx": { area: "contracts" },
  "contracts/routes/print.tsx": { area: "contracts" },
  "contracts/routes/insert.tsx": { area: "contracts", page: "write" },
  "contracts/routes/update.tsx": { area: "contracts", page: "write" },
  "contracts/routes/delete.tsx": { area: "contracts", page: "write" },
  "file-index/routes/rackadmin.tsx": { area: "fileIndex" },
  "file-index/routes/update-file.tsx": { area: "fileIndex", page: "write" },
  "file-index/routes/delete-file.tsx": { area: "fileIndex", page: "write" },
  "file-index/routes/print-index.tsx": { area: "fileIndex" },
  "sop/routes/hub.tsx": { area: "sop" },
  "sop/routes/form.tsx": { area: "sop", page: "write" },
  "sop/routes/records.tsx": { area: "sop" },
  "sop/routes/records-print.tsx": { area: "sop" },
  "sop/routes/record.tsx": { area: "sop" },
  "sop/routes/edit.tsx": { area: "sop", page: "write" },
  "sop/routes/print.tsx": { area: "sop" },
  "sop/routes/delete.tsx": { area: "sop", page: "write" },
  // Downloads of the lists (issue 18): whoever may read the list.
  "spares/routes/export.ts": { area: "spares" },
  "store-racks/routes/export.ts": { area: "racks" },
  "sop/routes/export.ts": { area: "sop" },
  "contracts/routes/export.ts": { area: "contracts" },
  "file-index/routes/export.ts": { area: "fileIndex" },
  // Imports (issue 18): upload, preview and confirm change the list; undo is the admin's. The
  // modules serve every list (/import/products/{department}, /import/{kind}): the guard takes the
  // list's area, and the matrix's made-up {kind} names no list, which the guard reads as spares.
  "imports/routes/upload.tsx": { area: "spares", page: "write" },
  "imports/routes/template.ts": { area: "spares" },
  "imports/routes/preview.tsx": { area: "spares", page: "write" },
  "imports/routes/undo.tsx": { area: "importsUndo", page: "write" },
  "ledger/report/routes/export.ts": { area: "racks" },
  // As the stock card: the matrix's made-up `:type` is read as a rack item.
  "ledger/routes/export.ts": { area: "racks" },
  "audit-trail/routes/export.ts": { area: "audit" },
  // The API (method decides: GET reads, anything else writes).
  "api/routes/index.ts": { area: "signedIn" },
  "api/routes/openapi.ts": { area: "signedIn" },
  "api/routes/docs.tsx": { area: "signedIn" },
  "api/routes/not-found.ts": { area: "signedIn" },
  "auth/routes/api-logout.ts": { area: "signedIn" },
  "spares/routes/api-list.ts": { area: "spares" },
  "spares/routes/api-item.ts": { area: "spares" },
  "spares/routes/api-create.ts": { area: "spares" },
  "spares/routes/api-update.ts": { area: "spares" },
  "spares/routes/api-delete.ts": { area: "spares" },
  "store-racks/routes/api-store-rack.ts": { area: "racks" },
  "store-racks/routes/api-store-rack-item.ts": { area: "racks" },
  "store-racks/routes/api-store-rack-update.ts": { area: "racks" },
  "ledger/report/routes/api-report.ts": { area: "racks" },
  "ledger/routes/api-movements.ts": { area: "racks" },
  "ledger/routes/api-reverse.ts": { area: "racks" },
  "contracts/routes/api-list.ts": { area: "contracts" },
  "contracts/routes/api-get.ts": { area: "contracts" },
  "contracts/routes/api-add.ts": { area: "contracts" },
  "contracts/routes/api-update.ts": { area: "contracts" },
  "contracts/routes/api-delete.ts": { area: "contracts" },
  "file-index/routes/api-file-rack.ts": { area: "fileIndex" },
  "file-index/routes/api-file-rack-file.ts": { area: "fileIndex" },
  "sop/routes/api-checklist.ts": { area: "sop" },
  "sop/routes/api-records.ts": { area: "sop" },
  "sop/routes/api-record.ts": { area: "sop" },
};

/** Public modules (sign-in, registration, health): no role is asked. */
const PUBLIC_MODULES = new Set([
  "auth/routes/login.tsx",
  "registration/routes/register.tsx",
  "auth/routes/logout.tsx",
  // The sign-in and register pages' language switch: a cookie for this terminal, for anyone.
  "i18n/routes/language.ts",
  "auth/routes/api-login.ts",
  "registration/routes/api-register.ts",
  "api/routes/health.ts",
]);

const allowed = (role: Role, declared: Declared, need: Need) =>
  declared.area === "signedIn" || can(role, declared.area, need);

/** GET /api writes `{_id}` where app/routes.ts has `:id`: compare the shapes, not the names. */
const samePattern = (route: string, listed: string) =>
  route.replace(/:\w+/g, "{}") === listed.replace(/\{\w+\}/g, "{}");

/** Every route of app/routes.ts and app/resources.ts with its module and full path (":x" kept). */
function routeModules() {
  return flattenEntries([...(routes as RouteConfigEntry[]), ...resources])
    .map(({ pattern, file }) => ({ file, path: `/${pattern}` }))
    .filter((route) => route.file !== "shell/routes/layout.tsx");
}

describe("roles: every page, form action and endpoint × every role (issue 16)", () => {
  const modules = routeModules();
  const accounts = {} as Record<Role, { cookie: string; token: string }>;

  beforeAll(async () => {
    accounts.admin = { cookie: await signIn(url, ADMIN.email), token: await token(url, ADMIN.email) };
    for (const role of ROLES.filter((role) => role !== "admin")) {
      const user = await staffUser(url);
      // The role is set in the database directly: the admin's users page is not what is tested here.
      await sql`update users set role = ${role} where email = ${user.email}`;
      accounts[role] = { cookie: user.cookie, token: user.token };
    }
  });

  it("every module of app/routes.ts and app/resources.ts declares its area in the matrix", () => {
    const missing = modules
      .map((route) => route.file)
      .filter((file) => !PUBLIC_MODULES.has(file) && !(file in AREA_OF));
    expect(missing).toEqual([]);
    // And the matrix names no module that is not routed (a renamed file would hide here).
    const routed = new Set(modules.map((route) => route.file));
    expect(Object.keys(AREA_OF).filter((file) => !routed.has(file))).toEqual([]);
  });

  it.each([...ROLES])("pages and form actions answer the %s as the permission table says", async (role) => {
    const client = new Client(url, { cookie: accounts[role].cookie });
    const failures: string[] = [];
    const pages = modules.filter(
      (route) => !route.path.startsWith("/api") && !PUBLIC_MODULES.has(route.file),
    );
    expect(pages.length).toBeGreaterThan(20);
    for (const { file, path: pattern } of pages) {
      const declared = AREA_OF[file];
      const path = fillPath(pattern.replace("*", "no-such-page"));
      const page = await client.get(path);
      const mayOpen = allowed(role, declared, declared.page ?? "read");
      if (
        mayOpen
          ? page.status === 403 || page.status >= 500 || /^\/login/.test(page.headers.get("location") ?? "")
          : page.status !== 403
      )
        failures.push(`GET ${path} (${file}): ${page.status}, expected ${mayOpen ? "allowed" : "403"}`);
      if (!mayOpen && !page.text.includes(deniedMessage(role, "read")))
        failures.push(`GET ${path}: the 403 page does not say why`);
      const post = await client.form(path, { intent: "save", name: "x" });
      const mayChange = allowed(role, declared, "write");
      // A page without an action answers any post 405, whoever asks.
      const refused = post.status === 403 || post.status === 405;
      if (mayChange ? post.status === 403 || post.status >= 500 : !refused)
        failures.push(`POST ${path} (${file}): ${post.status}, expected ${mayChange ? "allowed" : "403"}`);
    }
    expect(failures).toEqual([]);
  });

  it.each([...ROLES])("every /api endpoint answers the %s as the permission table says", async (role) => {
    const client = new Client(url, { token: accounts[role].token });
    const apiRoutes = modules.filter((route) => route.path.startsWith("/api"));
    const failures: string[] = [];
    for (const endpoint of apiList) {
      const route = apiRoutes.find((candidate) => samePattern(candidate.path, endpoint.path));
      if (!route) {
        failures.push(`${endpoint.method} ${endpoint.path}: not in app/resources.ts`);
        continue;
      }
      // Signing out would end the token the rest of this walk uses; the 401 walk above covers it.
      if (route.file === "auth/routes/api-logout.ts") continue;
      const need: Need = endpoint.method === "GET" ? "read" : "write";
      const declared = AREA_OF[route.file];
      const path = fillPath(endpoint.path);
      const body = endpoint.method === "POST" || endpoint.method === "PUT" ? {} : undefined;
      const answer = await client.send(endpoint.method, path, body);
      const message = (answer.json as { message?: string } | undefined)?.message;
      if (allowed(role, declared, need)) {
        if ([401, 403].includes(answer.status) || answer.status >= 500)
          failures.push(`${endpoint.method} ${path}: ${answer.status}, expected allowed`);
      } else if (answer.status !== 403 || message !== deniedMessage(role, need)) {
        failures.push(
          `${endpoint.method} ${path}: ${answer.status} ${answer.text.slice(0, 80)}, expected 403`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
