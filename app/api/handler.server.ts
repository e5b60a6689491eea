import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { HttpError, jsonAnswer } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * Wraps an /api loader or action: a thrown Response passes through, an HttpError becomes its JSON
 * answer, and anything else is logged with the request id and answered 500 with no internals.
 */
export function apiHandler<A extends Args>(handle: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handle(args);
    } catch (error) {
      if (error instanceof Response) return error;
      if (error instanceof HttpError)
        return jsonAnswer({ ...error.body, message: error.message }, error.status);
      logError(args.request, error);
      return jsonAnswer({ message: "Something went wrong" }, 500);
    }
  };
}

/** 405 for a method an endpoint does not take. */
export const methodNotAllowed = () => jsonAnswer({ message: "Method not allowed" }, 405);
