import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "#app/api/openapi.server.ts";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiHandler, methodNotAllowed } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api/openapi.json: the OpenAPI 3.1 document of every operation (issue 20). Signed in, as
// GET /api that lists the same operations.
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return jsonAnswer(openApiDocument());
});

export const action = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return methodNotAllowed();
});
