import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, {
  type Request as ExpressRequest,
  type Response as ExpressResponse,
  type NextFunction,
} from "express";
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseAway,
} from "#app/lib/database-away.ts";
import { CLIENT_HEADER, HTTPS_HEADER, MAX_BODY_BYTES } from "#app/lib/http.server.ts";
import { remixHeaders } from "./headers.ts";

// The web server of `npm start`, in the launcher's own process (docs/decisions/005-in-process-server.md):
// Express with remix-serve's static-file and compression set-up, and the request boundary every
// request crosses before Remix sees it: the client's address, one capped body reader, the refusal
// of multipart where no upload is expected and of cross-site form posts, and no-store answers.

/**
 * Routes that take file uploads, and up to how many bytes. Every other route refuses multipart.
 * A later upload route adds itself here: `{ path: /^\/files\/[^/]+\/attach$/, maxBytes: 20 * MB }`.
 */
export const UPLOAD_ROUTES: ReadonlyArray<{ path: RegExp; maxBytes: number }> = [
  // Spreadsheet imports (issue 18): a 10 MB file and the multipart around it.
  // /import/products/{department} and /import/{kind} (their upload forms post to themselves).
  { path: /^\/import\/(?:products\/)?[^/]+$/, maxBytes: 11 * 1024 * 1024 },
];

export type AppOptions = {
  build: ServerBuild;
  /** The build's client assets (build/client). */
  assetsDir: string;
  /** TRUST_PROXY=1: a reverse proxy in front appends the client's address to X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * APP_URL, the address people use: a form whose Origin is its origin is ours whatever Host the
   * proxy passes on (a proxy that drops the port, `proxy_set_header Host $host`).
   */
  publicUrl?: string;
};

/** What the server build's entry (app/entry.server.tsx) offers besides Remix's own. */
type ResourceEntry = {
  serveResource?: (request: Request) => Promise<Response | null>;
  /** Whether a request found the database away since this moment (Date.now()). */
  databaseAwaySince?: (since: number) => boolean;
};

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MB = 1024 * 1024;

export function createApp(options: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.use(clientAddress(options.trustProxy));
  app.use(compression());
  // Fingerprinted assets never change; the rest of public/ may, so an hour.
  app.use(
    "/assets",
    express.static(path.join(options.assetsDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  app.use(express.static(options.assetsDir, { maxAge: "1h" }));
  app.use(refuseCrossSiteForms(publicOrigin(options.publicUrl)));
  app.use(readCappedBody);
  const handle = createRequestHandler(options.build, "production");
  // The resource routes (app/resources.ts) are answered before Remix, which answers the pages.
  const { serveResource, databaseAwaySince } = options.build.entry.module as ResourceEntry;
  app.all("*", async (req, res, next) => {
    const started = Date.now();
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(requestUrl(req), {
        method: req.method,
        headers: remixHeaders(req.headers),
        body: bodyOf(req as BufferedRequest),
        signal: controller.signal,
      });
      const response = (await serveResource?.(request)) ?? (await handle(request));
      // A page whose loader or action found PostgreSQL away (entry.server.tsx handleError noted
      // it): the plain 503 below, not the error page's "Something went wrong".
      if (response.status >= 500 && response.status !== 503 && databaseAwaySince?.(started)) {
        await response.body?.cancel().catch(() => {});
        return databaseAway(req, res);
      }
      await sendResponse(res, response, request.headers);
    } catch (error) {
      next(error);
    }
  });
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (res.headersSent || !isDatabaseAway(error)) return next(error);
    databaseAway(req, res);
  });
  return app;
}

/**
 * How long an idle keep-alive connection is kept. Node's default (5 s) is shorter than many clients
 * keep theirs (Playwright's request context and other Node.js clients without an agent timeout
 * keep them until the server closes them): a request written just as the server closes the idle
 * connection meets a reset (ECONNRESET), seen in CI on a forged POST sent ~5 s after the test's
 * previous API call. The side that closes must be the client: clients that read the Keep-Alive
 * hint close a second before, and one that does not gets a minute, not 5 s. A stop does not wait
 * for idle connections (scripts/launch.ts closes them at once).
 */
export const KEEP_ALIVE_MS = 65_000;

/** The HTTP server of an app, with the keep-alive policy above. */
export function createServer(app: ReturnType<typeof createApp>) {
  const server = http.createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}

type BufferedRequest = ExpressRequest & { rawBody?: Buffer };

const bodyOf = ({ rawBody }: BufferedRequest) => (rawBody ? new Uint8Array(rawBody) : undefined);

/**
 * The address the per-address sign-in limit counts: the socket's, or with TRUST_PROXY=1 the one our
 * proxy appended (the rightmost X-Forwarded-For entry; the ones before it are the client's own
 * words). Passed on in a private header that a client cannot set (any incoming one is deleted).
 */
function clientAddress(trustProxy: boolean) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    delete req.headers[CLIENT_HEADER];
    delete req.headers[HTTPS_HEADER];
    const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim()
      .toLowerCase();
    const https = req.protocol === "https" || (trustProxy && forwardedProto === "https");
    if (https) {
      // Behind HTTPS: Secure cookies (app/auth/session.server.ts isHttps) and HSTS.
      req.headers[HTTPS_HEADER] = "1";
      res.setHeader("strict-transport-security", "max-age=31536000");
    }
    let address = req.socket.remoteAddress ?? "";
    if (trustProxy) {
      const forwarded = String(req.headers["x-forwarded-for"] ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)
        .at(-1);
      if (forwarded) address = forwarded;
    }
    address = address.replace(/^::ffff:/, "");
    if (address) req.headers[CLIENT_HEADER] = address;
    next();
  };
}

const isApi = (req: ExpressRequest) => req.path === "/api" || req.path.startsWith("/api/");

const HEADINGS: Record<number, string> = { 403: "Refused", 503: "Not available just now" };

function refuse(req: ExpressRequest, res: ExpressResponse, status: number, message: string) {
  // The body may be unread: do not keep the connection for the next request.
  res.setHeader("connection", "close");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
  res.setHeader("x-content-type-options", "nosniff");
  if (isApi(req)) {
    res.status(status).json({ message });
  } else {
    res
      .status(status)
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PlantOps: ${status === 503 ? "not available" : "refused"}</title></head>` +
          `<body><main><h1>${HEADINGS[status] ?? "Not accepted"}</h1><p>${message}</p>` +
          `<p><a href="/home">Back to PlantOps</a></p></main></body></html>`,
      );
  }
}

/** PostgreSQL is away (restarting): a plain page, or `{message}` on /api, to try again shortly. */
function databaseAway(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
  refuse(req, res, 503, DATABASE_AWAY_MESSAGE);
}

/** The origin (scheme, host and port) of APP_URL, or undefined. */
function publicOrigin(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Remix refuses a form whose Origin is another site, but with an empty 500 (and it throws on an
 * Origin that is not a URL, `null` included). Refuse it here first, saying why. The same rule as
 * Remix's: the Origin's host must be the X-Forwarded-Host (first entry) or the Host; or the Origin
 * is APP_URL's. The request then goes on to Remix with that Host, so Remix agrees.
 */
const refuseCrossSiteForms =
  (appOrigin: string | undefined) => (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!MUTATIONS.has(req.method)) return next();
    const origin = req.headers.origin;
    // No Origin at all: a client that is not a browser form (the API's own checks, or the route's
    // Referer check, decide). "null" or anything unreadable proves no site, so it is refused.
    if (!origin) return next();
    if (appOrigin && origin === appOrigin) {
      // Remix compares the Origin with the host it sees: give it the public one.
      req.headers["x-forwarded-host"] = new URL(appOrigin).host;
      return next();
    }
    const host =
      String(req.headers["x-forwarded-host"] ?? "")
        .split(",")[0]
        ?.trim() || req.headers.host;
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (originHost && host && originHost === host) return next();
    refuse(req, res, 403, "This form was sent from another site and was refused.");
  };

function uploadLimit(pathname: string) {
  return UPLOAD_ROUTES.find((route) => route.path.test(pathname))?.maxBytes;
}

/**
 * Node closes a `connection: close` answer's socket as soon as the answer is written
 * (`destroySoon`). When the client is still sending the body we refused, closing with its bytes
 * unread makes the kernel reset the connection, and a reset can throw the 413 away before the
 * client has read it (a CI run saw exactly that). So this socket stops writing at once (FIN, the
 * client reads the answer and its end) and closes a second later.
 */
function closeGently(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  };
}

/**
 * The one body reader: at most 1 MB (or a declared upload route's limit), counting the bytes that
 * arrive, not the declared Content-Length, so a chunked body cannot slip past. Over the limit the
 * request is answered 413 at once and the rest is never read.
 */
function readCappedBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const type = String(req.headers["content-type"] ?? "").toLowerCase();
  // An upload route's larger limit is for its files (multipart) only; a form or JSON body to it
  // keeps the 1 MB of every other route.
  const multipart = type.startsWith("multipart/");
  const upload = multipart ? uploadLimit(req.path) : undefined;
  // Files where none is expected: refused once the (capped) body is read, so the client, still
  // sending, reads the answer instead of a broken connection.
  const noFiles = multipart && upload === undefined;
  const limit = upload ?? MAX_BODY_BYTES;
  const tooLarge = `The request is too large (the limit is ${Math.round(limit / MB)} MB).`;
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    closeGently(req.socket);
    return refuse(req, res, 413, tooLarge);
  }

  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const finish = (error?: Error) => {
    if (done) return;
    done = true;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", finish);
    if (error) return next(error);
    if (noFiles) return refuse(req, res, 415, "This form does not take files: send it without attachments.");
    (req as BufferedRequest).rawBody = Buffer.concat(chunks);
    next();
  };
  const onData = (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > limit) {
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.pause();
      closeGently(req.socket);
      refuse(req, res, 413, tooLarge);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => finish();
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", finish);
}

function requestUrl(req: ExpressRequest) {
  // As @remix-run/express builds it: the Host (or the proxy's X-Forwarded-Host) and the path.
  const host =
    String(req.headers["x-forwarded-host"] ?? "")
      .split(",")[0]
      ?.trim() || req.headers.host;
  return new URL(req.originalUrl, `${req.protocol}://${host || "localhost"}`).href;
}

/**
 * A signed-in user's pages must not come back from the browser's cache after sign-out (Back on a
 * shared terminal): no-store on every page and .data answer to a request with our session cookie,
 * and on /api answers to a request with credentials. Static assets are served before this.
 */
function privateAnswer(requestHeaders: Headers) {
  const cookie = requestHeaders.get("cookie") ?? "";
  return /(^|;\s*)plantops_session=/.test(cookie) || requestHeaders.has("authorization");
}

async function sendResponse(res: ExpressResponse, response: Response, requestHeaders: Headers) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (privateAnswer(requestHeaders) || cookies.length > 0)
    res.setHeader("cache-control", "no-store, private");
  if (response.body) {
    await writeBody(response.body, res);
  } else {
    res.end();
  }
}

/**
 * The answer's body to the client, as Remix's writeReadableStreamToWritable does (each chunk
 * flushed through compression, so streamed pages arrive as they render), but waiting while the
 * client is behind, and stopping when it has gone. Without the wait, a download (issue 18's
 * exports stream 100,000 rows) piled up here as fast as the database gave rows, whatever the
 * client took; without the stop, an abandoned download still read every row.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  const gone = () => res.destroyed || res.writableEnded;
  // One listener each for the whole answer: compression hands drain listeners to its zlib stream,
  // where removing one from the response would not reach it.
  let wake: (() => void) | undefined;
  const resume = () => wake?.();
  res.on("drain", resume);
  res.on("close", resume);
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (gone()) {
        await reader.cancel();
        return;
      }
      const more = res.write(chunk.value);
      (res as { flush?: () => void }).flush?.();
      if (!more && !gone()) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    }
    if (!gone()) res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    res.off("close", resume);
  }
}
