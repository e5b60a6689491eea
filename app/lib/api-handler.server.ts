import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseAway,
} from "#app/lib/database-away.ts";
import type { Method } from "#app/lib/endpoint.ts";
import { HttpError, jsonAnswer } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logDatabaseAway, logError, requestId } from "#app/lib/request-id.server.ts";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * Wraps an /api loader or action: a thrown HttpError becomes its JSON answer, any other thrown
 * Response passes through, the database away is a 503 to try again, and anything else is logged with the request id
 * and answered 500 with no internals.
 */
export function apiHandler<A extends Args>(handle: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    let response: Response;
    try {
      response = await handle(args);
    } catch (error) {
      if (error instanceof HttpError)
        response = jsonAnswer({ ...error.fields, message: error.message }, error.status);
      else if (error instanceof Response) response = error;
      else if (isDatabaseAway(error)) {
        // Expected while PostgreSQL restarts: nothing was saved (each save is one transaction).
        logDatabaseAway(args.request, error);
        response = jsonAnswer({ message: DATABASE_AWAY_MESSAGE }, 503, {
          "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
        });
      } else {
        logError(args.request, error);
        response = jsonAnswer({ message: FAULT_MESSAGE }, 500);
      }
    }
    // Resource routes skip entry.server: add the request id and the headers here.
    const headers = new Headers(response.headers);
    headers.set("x-request-id", requestId(args.request));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Cache-Control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The API's one answer to a method an address does not take: 405 `{message}`. */
export const methodNotAllowed = () => jsonAnswer({ message: "Method not allowed" }, 405);

/**
 * The API's one method check: the request's method when it is one the handler takes, else the 405
 * is thrown (apiHandler answers it). Placed where the handler asks it, so each endpoint keeps its
 * order of answers (most ask for the sign-in first: a visitor gets the 401, not the 405).
 */
export function requireMethod<M extends Method>(request: Request, ...methods: M[]): M {
  const method = request.method.toUpperCase() as M;
  if (!methods.includes(method)) throw methodNotAllowed();
  return method;
}

/**
 * The loader or action of a module for the methods it does not take: the 405, after `signIn`
 * when given (most endpoints ask for the sign-in first, so a visitor gets their 401).
 */
export const refuseMethod = (signIn?: (request: Request) => Promise<unknown>) =>
  apiHandler(async ({ request }) => {
    if (signIn) await signIn(request);
    return methodNotAllowed();
  });
