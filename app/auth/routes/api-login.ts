import { checkCredentials, createSession } from "#app/auth/queries.server.ts";
import { endpoints } from "#app/auth/routes.ts";
import { loginSchema } from "#app/auth/rules.ts";
import { issueApiToken } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { clientAddress, jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";

export const { loader, action } = apiRoute(endpoints, null, {
  // POST /api/auth/login → {token, message, user} (the legacy API contract). The token is a Bearer token.
  signIn: async ({ request }) => {
    const parsed = loginSchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const result = await checkCredentials(
      db,
      parsed.data.email,
      parsed.data.password,
      clientAddress(request),
    );
    if (!result.ok) {
      return result.reason === "throttled"
        ? jsonAnswer({ message: result.message }, 429, {
            "retry-after": String(result.retryAfterSeconds ?? 60),
          })
        : jsonAnswer({ message: "Invalid email or password" }, 401);
    }
    const session = await createSession(db, result.user.id, request.headers.get("user-agent"));
    const token = await issueApiToken(session.id, session.expiresAt);
    return jsonAnswer({
      token,
      message: "Login successful",
      user: { email: result.user.email, role: result.user.role },
    });
  },
});
