import { messages, registerSchema } from "#app/auth/rules.ts";
import { answers, type Endpoint, messageBody, retryAfter, withJsonBody } from "#app/lib/endpoint.ts";
import { registrationClosedMessage } from "#app/settings/registration.ts";

// Registration's /api operation (app/api/endpoints.ts composes it); its page is in app/routes.ts.
export const endpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/api/auth/register",
    module: "registration/routes/api-register.ts",
    description: "Register with {email, password, securityCode} and optionally {name}",
    operationId: "register",
    tag: "Sign-in",
    public: true,
    body: registerSchema,
    example: {
      path: "/api/auth/register",
      body: {
        name: "Asha Patil",
        email: "new.staff@plant.example",
        password: "a long password",
        securityCode: "the plant's code",
      },
    },
    responses: withJsonBody({
      201: {
        description: "Registered (as staff); sign in next",
        schema: messageBody,
        example: { message: messages.registered },
      },
      400: {
        ...answers.invalid,
        description: "A field is not valid, or the security code is wrong",
        example: { message: messages.invalidCode },
      },
      403: {
        description: "Registration is closed",
        schema: messageBody,
        example: { message: registrationClosedMessage },
      },
      409: {
        description: "The e-mail has an account already",
        schema: messageBody,
        example: { message: "An account with this e-mail already exists" },
      },
      429: {
        description: "Too many wrong attempts from this address (or in all) lately",
        schema: messageBody,
        example: { message: "Too many registration attempts, try again in a minute." },
        headers: retryAfter,
      },
      500: answers.fault,
      503: answers.databaseAway,
    }),
  },
];
