import * as z from "zod/mini";
import { ROLES } from "#app/auth/roles.ts";
import { loginSchema } from "#app/auth/rules.ts";
import {
  answers,
  type Endpoint,
  messageAnswer,
  messageBody,
  retryAfter,
  signedIn,
  withJsonBody,
} from "#app/lib/endpoint.ts";

// The sign-in's /api operations (app/api/endpoints.ts composes them); its pages are in app/routes.ts.
export const endpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    module: "auth/routes/api-login.ts",
    description: "Sign in with {email, password}; returns a Bearer token",
    operationId: "signIn",
    tag: "Sign-in",
    public: true,
    body: loginSchema,
    example: { path: "/api/auth/login", body: { email: "staff@plant.example", password: "a long password" } },
    responses: withJsonBody({
      200: {
        description: "Signed in: the token names a session, which POST /api/auth/logout ends",
        schema: z.strictObject({
          token: z.string(),
          message: z.string(),
          user: z.strictObject({ email: z.string(), role: z.enum(ROLES) }),
        }),
        example: {
          token: "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIuLi4ifQ.c2lnbmF0dXJl",
          message: "Login successful",
          user: { email: "staff@plant.example", role: "staff" },
        },
      },
      401: messageAnswer("Wrong e-mail or password", "Invalid email or password"),
      429: {
        description: "Too many failed sign-ins lately (from this address, for this account, or in all)",
        schema: messageBody,
        example: { message: "Too many sign-in attempts, try again in 4 seconds." },
        headers: retryAfter,
      },
      500: answers.fault,
      503: answers.databaseAway,
    }),
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    module: "auth/routes/api-logout.ts",
    description: "Revoke the session of the token or cookie",
    operationId: "signOut",
    tag: "Sign-in",
    example: { path: "/api/auth/logout" },
    responses: signedIn({
      200: { description: "The session is ended", schema: messageBody, example: { message: "Logged out" } },
    }),
  },
];
