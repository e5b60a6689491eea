import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// Any /api path no endpoint claims: 401 without sign-in, else a JSON 404 (never the HTML page).
const notFound = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return jsonAnswer({ message: "No such endpoint. GET /api lists them." }, 404);
});

export const loader = notFound;
export const action = notFound;
