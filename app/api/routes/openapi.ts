import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiText } from "#app/api/openapi.server.ts";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiHandler, refuseMethod } from "#app/lib/api-handler.server.ts";

// GET /api/openapi.json: the OpenAPI 3.1 document of every operation (issue 20). Signed in, as
// GET /api that lists the same operations.
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return new Response(openApiText(), { headers: { "content-type": "application/json; charset=utf-8" } });
});

export const action = refuseMethod(requireApiUser);
