import { randomBytes } from "node:crypto";
import { action as apiLogin } from "#app/auth/routes/api-login.ts";
import { action as loginAction } from "#app/auth/routes/login.tsx";
import { register } from "#app/registration/register.server.ts";
import { buildRequest, cookiesFrom, run } from "./requests.ts";

export const PASSWORD = "correct horse battery";

/** Builds a unique account; the first in a test file's database becomes admin. */
export async function createUser(overrides: { email?: string; password?: string; name?: string } = {}) {
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@plant.test`;
  const password = overrides.password ?? PASSWORD;
  const outcome = await register({
    email,
    password,
    securityCode: process.env.REGISTRATION_CODE ?? "",
    name: overrides.name,
  });
  if (!outcome.ok) throw new Error(`could not create ${email}: ${outcome.message}`);
  return { email, password, role: outcome.role };
}

/** Signs in through the real login action and returns the session cookie. */
export async function signIn(user: { email: string; password: string }) {
  const response = await run(
    loginAction,
    buildRequest("/login", { form: { email: user.email, password: user.password } }),
  );
  if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}`);
  return cookiesFrom(response);
}

/** A signed-in user: account + cookie. */
export async function signedInUser(overrides: { email?: string; password?: string; name?: string } = {}) {
  const user = await createUser(overrides);
  return { ...user, cookie: await signIn(user) };
}

/** An API token for a user, from POST /api/auth/login. */
export async function apiToken(user: { email: string; password: string }) {
  const response = await run(
    apiLogin,
    buildRequest("/api/auth/login", { json: { email: user.email, password: user.password } }),
  );
  const body = (await response.json()) as { token: string };
  return body.token;
}
