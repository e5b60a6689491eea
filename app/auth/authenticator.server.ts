import type { SubmissionResult } from "@conform-to/react";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { checkCredentials, type Role } from "#app/auth/queries.server.ts";
import { loginSchema } from "#app/auth/rules.ts";
import { db } from "#app/db/client.server.ts";
import { clientAddress } from "#app/lib/http.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";

export type AuthenticatedUser = {
  id: string;
  email: string;
  role: Role;
  redirectTo?: string;
  sharedTerminal: boolean;
};

/** Thrown by the form strategy; carries the Conform reply so the form comes back filled in. */
export class LoginRefused extends Error {
  constructor(
    public reply: SubmissionResult<string[]>,
    public status: number,
  ) {
    super("login refused");
  }
}

export const authenticator = new Authenticator<AuthenticatedUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseSubmission(form, loginSchema);
    if (submission.status !== "success")
      throw new LoginRefused(submission.reply({ hideFields: ["password"] }), 400);
    const { email, password, redirectTo, sharedTerminal } = submission.value;
    const result = await checkCredentials(db, email, password, clientAddress(request));
    if (!result.ok) {
      throw new LoginRefused(
        submission.reply({ formErrors: [result.message], hideFields: ["password"] }),
        result.reason === "throttled" ? 429 : 401,
      );
    }
    return { ...result.user, redirectTo, sharedTerminal: Boolean(sharedTerminal) };
  }),
  "form",
);
