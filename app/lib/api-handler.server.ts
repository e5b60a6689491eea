import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseAway,
} from "#app/lib/database-away.ts";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { HttpError, jsonAnswer } from "#app/lib/http.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logDatabaseAway, logError, requestId } from "#app/lib/request-id.server.ts";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A request's route parameters. */
export type Params = Args["params"];

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

/** An /api operation's handler: the request, and what the address's sign-in check returned. */
export type ApiHandle<SignedIn> = (args: Args, signedIn: SignedIn) => Promise<Response>;

/**
 * The `loader` and `action` of an /api route module, from the operations it serves. `signIn` is
 * the address's sign-in check, run first on every request (a visitor gets the 401, a role outside
 * the area the 403); what it returns (the user, the item the address names) goes to the handler.
 * `handlers` names each by its operationId (its declaration in the feature's routes.ts
 * `endpoints`), so the methods the address takes are the declared ones: a request goes to the
 * handler of its method's operation (HEAD as GET), and any other method is the 405. A handler with
 * no declaration, or a declared operation of the address with no handler, stops the module at start.
 */
export function apiRoute<SignedIn>(
  endpoints: readonly Endpoint[],
  signIn: ((request: Request, params: Params) => Promise<SignedIn>) | null,
  handlers: Record<string, ApiHandle<SignedIn>>,
): { loader: Handle; action: Handle } {
  const byMethod = new Map<string, ApiHandle<SignedIn>>();
  const paths = new Set<string>();
  for (const [operationId, handle] of Object.entries(handlers)) {
    const endpoint = endpoints.find((candidate) => candidate.operationId === operationId);
    if (!endpoint) throw new Error(`apiRoute: no operation ${operationId} is declared`);
    byMethod.set(endpoint.method, handle);
    paths.add(endpoint.path);
  }
  if (paths.size !== 1) throw new Error(`apiRoute: one address per module, not ${[...paths].join(", ")}`);
  for (const { path, method, operationId } of endpoints)
    if (paths.has(path) && !byMethod.has(method))
      throw new Error(`apiRoute: ${operationId} (${method} ${path}) has no handler`);
  const serve = apiHandler(async (args) => {
    const signedIn = (signIn ? await signIn(args.request, args.params) : undefined) as SignedIn;
    const method = args.request.method.toUpperCase();
    const handle = byMethod.get(method === "HEAD" ? "GET" : method);
    return handle ? handle(args, signedIn) : methodNotAllowed();
  });
  return { loader: serve, action: serve };
}

type Handle = (args: Args) => Promise<Response>;
