import type { LoaderFunctionArgs } from "@remix-run/node";
import { DOCS_PATH, endpointRows, OPENAPI_PATH } from "#app/api/endpoints.ts";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api: a plain list of the endpoints (the legacy API contract, last paragraph), and where the API is
// described (issue 20): `docs` for people, `openapi` for tools. Fields are only ever added here.
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return jsonAnswer({ endpoints: endpointRows(), docs: DOCS_PATH, openapi: OPENAPI_PATH });
});
