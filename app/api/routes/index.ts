import type { LoaderFunctionArgs } from "@remix-run/node";
import { allEndpoints } from "#app/api/endpoints.ts";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// GET /api: a plain list of the endpoints (api-contract.md, last paragraph).
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return jsonAnswer({ endpoints: allEndpoints });
});
