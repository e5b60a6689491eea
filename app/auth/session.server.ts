import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { jwtVerify, SignJWT } from "jose";
import { type Area, can, deniedMessage, type Need } from "#app/auth/permissions.ts";
import {
  createSession,
  findSessionUser,
  revokeSession,
  SESSION_DAYS,
  type SessionUser,
} from "#app/auth/queries.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import {
  assertSameOrigin,
  HTTPS_HEADER,
  HttpError,
  isReadRequest,
  isSameOriginMutation,
  jsonAnswer,
} from "#app/lib/http.server.ts";

// Pages use an httpOnly cookie holding only the id of a row in the sessions table (behaviour
// note 1, docs/decisions/002-cookie-sessions.md): logging out or disabling a user revokes at once.

let storage: ReturnType<typeof createCookieSessionStorage<{ sessionId: string }>> | undefined;
function sessionStorage() {
  storage ??= createCookieSessionStorage<{ sessionId: string }>({
    cookie: {
      name: "plantops_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: SESSION_DAYS * 24 * 60 * 60,
      secrets: [serverSettings().SESSION_SECRET],
    },
  });
  return storage;
}

/**
 * Secure cookies when the plant serves over HTTPS: the web server says so (a direct https request,
 * or X-Forwarded-Proto from a proxy trusted with TRUST_PROXY=1; a client's own header is ignored).
 * Plain http on a LAN still works.
 */
function isHttps(request: Request) {
  return request.headers.get(HTTPS_HEADER) === "1" || new URL(request.url).protocol === "https:";
}

/**
 * Starts a session and its cookie. On a shared terminal the cookie has no Max-Age/Expires, so it
 * ends when the browser closes, and the session ends after 30 idle minutes (its row says so).
 */
export async function startUserSession(
  request: Request,
  userId: string,
  options: { sharedTerminal?: boolean } = {},
) {
  const row = await createSession(db, userId, request.headers.get("user-agent"), options);
  const session = await sessionStorage().getSession();
  session.set("sessionId", row.id);
  const lifetime = options.sharedTerminal ? { maxAge: undefined, expires: undefined } : {};
  return {
    sessionId: row.id,
    expiresAt: row.expiresAt,
    setCookie: await sessionStorage().commitSession(session, { secure: isHttps(request), ...lifetime }),
  };
}

async function cookieSessionId(request: Request) {
  const session = await sessionStorage().getSession(request.headers.get("cookie"));
  return session.get("sessionId") ?? null;
}

// Within one request the guard may run in several loaders; look the session up once.
const resolved = new WeakMap<Request, Promise<SessionUser | null>>();

export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = cookieSessionId(request).then((id) => (id ? findSessionUser(db, id) : null));
    resolved.set(request, pending);
  }
  return pending;
}

/** First line of every protected loader and action: the user, or a redirect to sign in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    const headers = new Headers();
    // A revoked or expired session: clear the stale cookie as we send the user to sign in.
    if (request.headers.get("cookie")?.includes("plantops_session")) {
      headers.append(
        "set-cookie",
        await sessionStorage().destroySession(await sessionStorage().getSession()),
      );
    }
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { headers });
  }
  assertSameOrigin(request);
  // An account an admin made or reset: nothing else opens until the user chooses a password.
  if (user.mustChangePassword && !isChangePasswordPage(request)) throw redirect(CHANGE_PASSWORD_PATH);
  return user;
}

/** The form a user with a temporary password is held on until they choose their own. */
export const CHANGE_PASSWORD_PATH = "/change-password";
export const mustChangePasswordMessage =
  "You must change your password before going on: sign in to PlantOps in a browser and choose a new one.";

function isChangePasswordPage(request: Request) {
  // Remix's data requests (single fetch) ask for the same path with ".data".
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  return path === CHANGE_PASSWORD_PATH;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw new HttpError(403, "Only an administrator can open this page.");
  return user;
}

/** What a request asks of an area when its route does not say: a GET opens, anything else changes. */
const needOf = (request: Request): Need => (isReadRequest(request) ? "read" : "write");

/**
 * The guard line of every page loader and action (issue 16): the signed-in user, whose role may
 * `need` the route's `area` (app/auth/permissions.ts), else the 403 page saying so. Pages that
 * exist only to change something (a blank form, an edit form, a delete confirmation) ask "write"
 * in their loader too.
 */
export async function requirePermission(request: Request, area: Area, need: Need = needOf(request)) {
  const user = await requireUser(request);
  // The sentence follows what the visitor did: opening a page, or sending a form.
  if (!can(user.role, area, need)) throw forbidden(user.role, needOf(request));
  return user;
}

export const forbidden = (role: SessionUser["role"], need: Need) =>
  new Response(deniedMessage(role, need), {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });

/** The /api twin of requirePermission: 401 without credentials, 403 `{ message }` outside the role. */
export async function requireApiPermission(request: Request, area: Area, need: Need = needOf(request)) {
  const user = await requireApiUser(request);
  if (!can(user.role, area, need)) throw new HttpError(403, deniedMessage(user.role, need));
  return user;
}

/** An /api address's sign-in check (lib/api-handler.server.ts `apiRoute` runs it first): the user. */
export const apiSignIn = (area: Area) => (request: Request) => requireApiPermission(request, area);

/** Ends the cookie session: revokes its row and clears the cookie. */
export async function endUserSession(request: Request) {
  const id = await cookieSessionId(request);
  if (id) await revokeSession(db, id, null);
  return sessionStorage().destroySession(await sessionStorage().getSession(request.headers.get("cookie")));
}

// API tokens (README difference 1): a signed JWT naming a sessions row, so revoking the row revokes it.
function tokenKey() {
  return new TextEncoder().encode(`api-token:${serverSettings().SESSION_SECRET}`);
}

export async function issueApiToken(sessionId: string, expiresAt: Date) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer("plantops")
    .sign(tokenKey());
}

async function bearerSessionId(request: Request) {
  const header = request.headers.get("authorization");
  if (!header?.toLowerCase().startsWith("bearer ")) return undefined;
  try {
    const { payload } = await jwtVerify(header.slice(7).trim(), tokenKey(), {
      issuer: "plantops",
      algorithms: ["HS256"],
    });
    return typeof payload.sid === "string" ? payload.sid : null;
  } catch {
    return null;
  }
}

export const authenticationRequired = () => jsonAnswer({ message: "Authentication required" }, 401);

/**
 * The /api check: a Bearer token, else the session cookie (whose mutations must be same-origin).
 * Missing, bad, expired or revoked → 401 JSON.
 */
export async function requireApiUser(
  request: Request,
  options: { allowPendingPasswordChange?: boolean } = {},
): Promise<SessionUser> {
  const user = await apiUser(request);
  if (user.mustChangePassword && !options.allowPendingPasswordChange)
    throw new HttpError(403, mustChangePasswordMessage);
  return user;
}

async function apiUser(request: Request): Promise<SessionUser> {
  const fromToken = await bearerSessionId(request);
  if (fromToken !== undefined) {
    const user = fromToken ? await findSessionUser(db, fromToken) : null;
    if (!user) throw authenticationRequired();
    return user;
  }
  const user = await getUser(request);
  if (!user) throw authenticationRequired();
  if (!isSameOriginMutation(request)) {
    throw new HttpError(403, "This request came from another site and was refused.");
  }
  return user;
}

/** Revokes the session behind a Bearer token or cookie (POST /api/auth/logout). */
export async function endApiSession(request: Request) {
  const user = await requireApiUser(request, { allowPendingPasswordChange: true });
  await revokeSession(db, user.sessionId, user.id);
}
