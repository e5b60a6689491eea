import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "#app/api/handler.server.ts";
import { register } from "#app/auth/register.server.ts";
import { messages, registerSchema } from "#app/auth/rules.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";

// POST /api/auth/register (api-contract.md): 201, 400 wrong code or weak password, 409 e-mail taken.
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const parsed = registerSchema.safeParse(await readJson(request));
  if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
  const outcome = await register(parsed.data);
  if (!outcome.ok) return jsonAnswer({ message: outcome.message }, outcome.status);
  return jsonAnswer({ message: messages.registered }, 201);
});

export const loader = () => methodNotAllowed();
