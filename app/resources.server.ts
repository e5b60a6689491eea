import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseAway,
} from "#app/lib/database-away.ts";
import { isReadRequest, methodNotAllowedText } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logDatabaseAway, logError } from "#app/lib/request-id.server.ts";
import { compileRoutes, flattenEntries, matchRoute } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";

// Serves the resource routes of app/resources.ts (the JSON API, downloads, sign-out, an import's
// undo) before Remix: server/app.ts asks here first and hands Remix only what is not answered.
// Each request is matched against these ~40 patterns, compiled once, instead of Remix matching it
// against every page of the app on every request (docs/decisions/010-resource-routes.md).

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Response | Promise<Response>;
type ResourceModule = { loader?: Handler; action?: Handler };

// The route modules the table can name, bundled into the server build. A module the table names
// and this glob misses stops the server at start (below), and so fails every test that starts it.
const modules = import.meta.glob<ResourceModule>(
  [
    "./*/routes/api-*.ts",
    "./ledger/report/routes/api-*.ts",
    // A feature's download of its list (spares, store racks, the stock card and report).
    "./*/routes/export.ts",
    "./ledger/report/routes/export.ts",
    "./api/routes/*.{ts,tsx}",
    "./imports/routes/{template.ts,undo.tsx}",
    "./auth/routes/logout.tsx",
    "./i18n/routes/language.ts",
    "./backups/routes/download.ts",
    "!**/*.test.{ts,tsx}",
  ],
  { eager: true },
);

const table = compileRoutes(
  flattenEntries(resources).map(({ pattern, file }) => {
    const module = modules[`./${file}`];
    if (!module?.loader && !module?.action)
      throw new Error(`app/resources.ts names ${file}, which exports no loader or action here`);
    return { pattern, value: module };
  }),
);

/**
 * The answer of the resource route the request's address names, or null when none does (a page:
 * Remix answers it). As Remix calls a route module: GET and HEAD go to its loader, other methods
 * to its action; a thrown Response is the answer; anything else thrown is logged with the request
 * id and answered 500 without internals (the /api modules answer their own faults as JSON).
 */
export async function serveResource(request: Request): Promise<Response | null> {
  const found = matchRoute(table, new URL(request.url).pathname);
  if (!found) return null;
  const { route, params } = found;
  const handler = isReadRequest(request) ? route.value.loader : route.value.action;
  if (!handler) {
    const allow = route.value.loader ? "GET, HEAD" : "POST";
    return methodNotAllowedText(allow);
  }
  try {
    return await handler({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDatabaseAway(error)) {
      logDatabaseAway(request, error);
      return new Response(DATABASE_AWAY_MESSAGE, {
        status: 503,
        headers: {
          "content-type": "text/plain; charset=utf-8",
          "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
        },
      });
    }
    // A request the client gave up on (it navigated away, cancelled a download) is not a fault.
    if (!request.signal.aborted) logError(request, error);
    return new Response(FAULT_MESSAGE, {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}
