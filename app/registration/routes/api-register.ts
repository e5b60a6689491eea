import { messages, registerSchema } from "#app/auth/rules.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { clientAddress, jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { REGISTRATION_REFUSAL_STATUS, registerFrom } from "#app/registration/register.server.ts";
import { endpoints } from "#app/registration/routes.ts";

export const { loader, action } = apiRoute(endpoints, null, {
  // POST /api/auth/register (the legacy API contract): 201, 400 wrong code or weak password, 409 e-mail taken,
  // 429 too many wrong attempts from this address (or in all) lately.
  register: async ({ request }) => {
    const parsed = registerSchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const outcome = await registerFrom(clientAddress(request), parsed.data);
    if (!outcome.ok) {
      const retry =
        outcome.reason === "throttled" && outcome.retryAfterSeconds
          ? { "retry-after": String(outcome.retryAfterSeconds) }
          : undefined;
      return jsonAnswer({ message: outcome.message }, REGISTRATION_REFUSAL_STATUS[outcome.reason], retry);
    }
    return jsonAnswer({ message: messages.registered }, 201);
  },
});
