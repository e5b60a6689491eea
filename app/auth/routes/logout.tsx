import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { endUserSession } from "#app/auth/session.server.ts";
import { assertSameOrigin } from "#app/lib/http.server.ts";

// Logout is a POST (a link or GET must not sign anyone out); it revokes the session row.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return redirect("/", { headers: { "set-cookie": await endUserSession(request) } });
}

export const loader = () => redirect("/home");
