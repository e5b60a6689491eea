import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isDatabaseAway } from "#app/lib/database-away.ts";
import { logDatabaseAway, logError, requestId } from "#app/lib/request-id.server.ts";
import { NonceContext } from "#app/ui/nonce.tsx";

const ABORT_DELAY = 5_000;

// The scheduled jobs (app/jobs) live in this build, beside the pages that share their database
// pool: the launcher (scripts/launch.ts) starts them once it listens and stops them before the pool.
export { startJobs, stopJobs } from "#app/jobs.server.ts";
// Whether a request found the database away since a moment: server/app.ts answers its 500 as a 503.
export { databaseAwaySince } from "#app/lib/request-id.server.ts";
// The resource routes (app/resources.ts): server/app.ts serves them before handing a request to Remix.
export { serveResource } from "#app/resources.server.ts";

function securityHeaders(headers: Headers, request: Request, nonce?: string) {
  if (nonce) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("x-request-id", requestId(request));
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  securityHeaders(response.headers, request);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the user navigated away) are not faults.
  if (request.signal.aborted) return;
  // Remix refuses a cross-site form post itself, before any action runs (and answers 500 with
  // an empty body, which we cannot change from here): log it as a refusal, not as a fault.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(
      `[req ${requestId(request)}] refused a cross-site ${request.method} to ${new URL(request.url).pathname}`,
    );
    return;
  }
  // PostgreSQL away (restarting): one line, no stack; the web server answers the page 503.
  if (isDatabaseAway(error)) return logDatabaseAway(request, error);
  logError(request, error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          securityHeaders(responseHeaders, request, nonce);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(request, error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
