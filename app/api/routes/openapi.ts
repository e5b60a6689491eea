import { foundationEndpoints as endpoints } from "#app/api/endpoints.ts";
import { openApiText } from "#app/api/openapi.server.ts";
import { requireApiUser } from "#app/auth/session.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";

export const { loader, action } = apiRoute(endpoints, (request) => requireApiUser(request), {
  // GET /api/openapi.json: the OpenAPI 3.1 document of every operation (issue 20). Signed in, as
  // GET /api that lists the same operations.
  getOpenApiDocument: async () => {
    return new Response(openApiText(), { headers: { "content-type": "application/json; charset=utf-8" } });
  },
});
