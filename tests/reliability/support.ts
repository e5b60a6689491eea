import { randomBytes, randomUUID } from "node:crypto";
import net from "node:net";
import postgres from "postgres";
import { flattenEntries } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";
import routes from "#app/routes.ts";
import { RUN_SECRETS } from "../../scripts/bench/app.ts";
import { embeddedUrl } from "../../scripts/embedded-postgres.ts";

// Helpers of the reliability tests: a browser-like and an API-like client of the running app
// (real forms with the session cookie and our Origin; JSON with a Bearer token) and direct SQL
// on its embedded database for counting rows and ageing sessions.

export type Reliability = { url: string; dataDir: string };
// `npm test` passes its fresh build (BUILD_DIR=build); alone, these tests build their own.
export const BUILD_DIR = process.env.BUILD_DIR ?? "build-reliability";
export const PASSWORD = "reliable horse battery";
export const ADMIN = { email: "admin@reliability.test", password: PASSWORD };
/** The secrets the app is started with (scripts/bench/app.ts startApp). */
export const SECRETS = RUN_SECRETS;
export const STALE = "This record was changed by someone else. Reload and try again.";
export const XSS = `<img src=x onerror=alert(1)>`;

export const uniqueEmail = (prefix = "staff") =>
  `${prefix}-${randomBytes(5).toString("hex")}@reliability.test`;

/** The embedded database of a DATA_DIR (scripts/db-url.ts). */
export function database(dataDir: string) {
  const url = embeddedUrl(dataDir);
  if (!url) throw new Error(`No embedded database in ${dataDir}`);
  return postgres(url, { max: 2, onnotice: () => {} });
}

export type Answer = { status: number; headers: Headers; text: string; json: unknown };

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export type Auth = { cookie?: string; token?: string };

export class Client {
  constructor(
    readonly url: string,
    readonly auth: Auth = {},
    /** A distinct client address per client, so the per-address sign-in limit of one test never locks out another. */
    readonly address = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(255)}`,
  ) {}

  headers(extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { "x-forwarded-for": this.address, ...extra };
    if (this.auth.cookie) headers.cookie = this.auth.cookie;
    if (this.auth.token) headers.authorization = `Bearer ${this.auth.token}`;
    return headers;
  }

  async get(pathname: string, extra: Record<string, string> = {}) {
    return answer(
      await fetch(`${this.url}${pathname}`, { headers: this.headers(extra), redirect: "manual" }),
    );
  }

  /** JSON (or a raw body with its own content type) to an /api endpoint. */
  async send(
    method: string,
    pathname: string,
    body?: unknown,
    options: { raw?: string; type?: string } = {},
  ) {
    const hasBody = body !== undefined || options.raw !== undefined;
    return answer(
      await fetch(`${this.url}${pathname}`, {
        method,
        redirect: "manual",
        headers: this.headers({
          origin: this.url,
          ...(hasBody ? { "content-type": options.type ?? "application/json" } : {}),
        }),
        body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      }),
    );
  }

  /** A form post as a browser without JavaScript sends it. */
  async form(pathname: string, fields: Record<string, string | string[]> | string) {
    const body =
      typeof fields === "string"
        ? fields
        : new URLSearchParams(
            Object.entries(fields).flatMap(([key, value]) =>
              (Array.isArray(value) ? value : [value]).map((item) => [key, item]),
            ),
          ).toString();
    return answer(
      await fetch(`${this.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: this.headers({ origin: this.url, "content-type": "application/x-www-form-urlencoded" }),
        body,
      }),
    );
  }
}

const randomInt = (max: number) => Math.floor(Math.random() * max);

export async function register(url: string, email: string, password = PASSWORD) {
  const response = await new Client(url).send("POST", "/api/auth/register", {
    email,
    password,
    securityCode: SECRETS.REGISTRATION_CODE,
  });
  if (response.status !== 201) throw new Error(`register ${email}: ${response.status} ${response.text}`);
}

/** The real sign-in form; returns the session cookie. */
export async function signIn(url: string, email: string, password = PASSWORD) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ email, password, redirectTo: "/home" }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("plantops_session="));
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${email}: ${response.status}`);
  return cookie;
}

export async function token(url: string, email: string, password = PASSWORD) {
  const response = await new Client(url).send("POST", "/api/auth/login", { email, password });
  if (response.status !== 200)
    throw new Error(`API sign-in of ${email}: ${response.status} ${response.text}`);
  return (response.json as { token: string }).token;
}

/** A new staff account with a browser session and an API token. */
export async function staffUser(url: string) {
  const email = uniqueEmail();
  await register(url, email);
  return { email, cookie: await signIn(url, email), token: await token(url, email) };
}

/** Placeholders of GET /api's paths ({department}, {id}, …) filled with values that exist in form. */
export function fillPath(pattern: string, values: Record<string, string> = {}) {
  const defaults: Record<string, string> = {
    department: "Electrician",
    rackNumber: "1",
    rackName: "Rack1A",
    format: "AS11",
    cupboard: "1",
  };
  return pattern.replace(/\{(\w+)\}|:(\w+)\??/g, (_, braces: string, colon: string) => {
    const name = braces ?? colon;
    return encodeURIComponent(values[name] ?? defaults[name] ?? randomUUID());
  });
}

export type Endpoint = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; description: string };

/** The live list of GET /api: new endpoints are tested as they land. */
export async function endpoints(url: string, auth: Auth) {
  const response = await new Client(url, auth).get("/api");
  if (response.status !== 200) throw new Error(`GET /api: ${response.status}`);
  return (response.json as { endpoints: Endpoint[] }).endpoints;
}

export const PUBLIC_ENDPOINTS = new Set([
  "POST /api/auth/login",
  "POST /api/auth/register",
  "GET /api/health",
]);

/** Every path of the app (app/routes.ts and app/resources.ts), parameters filled with a made-up value. */
export function routePaths(): string[] {
  const patterns = flattenEntries([...routes, ...resources]).map(({ pattern }) => pattern);
  return [
    ...new Set(
      patterns
        .filter((pattern) => !pattern.includes("*"))
        .map((pattern) => `/${pattern.replace(/:[^/]+/g, randomUUID())}`),
    ),
  ];
}

/**
 * POSTs a 3 MB chunked body (no Content-Length) a piece at a time on a raw socket, and notes how
 * much had been sent when the answer came: a server that reads the body whole answers only after all.
 */
export async function oversizedChunkedPost(url: string, pathname: string, type: string, cookie: string) {
  const { hostname, port, origin } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  let bytesSentBeforeAnswer = -1;
  let sent = 0;
  socket.on("data", (chunk) => {
    if (!answer) bytesSentBeforeAnswer = sent;
    answer += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nOrigin: ${origin}\r\n` +
      `Cookie: ${cookie}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  const piece = Buffer.alloc(64 * 1024, "a");
  while (sent < 3 * 1024 * 1024 && !answer && !socket.destroyed) {
    socket.write(`${piece.length.toString(16)}\r\n`);
    socket.write(piece);
    socket.write("\r\n");
    sent += piece.length;
    await new Promise((resolve) => setTimeout(resolve, 2));
    // Twice the limit sent: a server that stops reading at the limit answers now, while we wait
    // (up to 5 s, for a busy machine); one that reads on for the whole body says nothing yet.
    if (sent === 2 * 1024 * 1024) {
      for (let waited = 0; waited < 5_000 && !answer && !socket.destroyed; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (!socket.destroyed) socket.end("0\r\n\r\n");
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  if (bytesSentBeforeAnswer < 0) bytesSentBeforeAnswer = sent;
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return { status, bytesSentBeforeAnswer };
}
