import { endpoints } from "#app/auth/routes.ts";
import { endApiSession } from "#app/auth/session.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

export const { loader, action } = apiRoute(endpoints, null, {
  // POST /api/auth/logout: revokes the session behind the Bearer token (or the cookie).
  signOut: async ({ request }) => {
    await endApiSession(request);
    return jsonAnswer({ message: "Logged out" });
  },
});
