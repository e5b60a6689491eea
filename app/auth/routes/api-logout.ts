import type { ActionFunctionArgs } from "@remix-run/node";
import { endApiSession } from "#app/auth/session.server.ts";
import { apiHandler, refuseMethod, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer } from "#app/lib/http.server.ts";

// POST /api/auth/logout: revokes the session behind the Bearer token (or the cookie).
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  requireMethod(request, "POST");
  await endApiSession(request);
  return jsonAnswer({ message: "Logged out" });
});

export const loader = refuseMethod();
