import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { changeRole, disableUser, enableUser, findAccount, unlockUser } from "#app/auth/accounts.server.ts";
import { RoleSelect, ShownOnce } from "#app/auth/components.tsx";
import { ROLE_LABELS } from "#app/auth/roles.ts";
import type { AccountRefusal } from "#app/auth/rules.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { HttpError, readForm } from "#app/lib/http.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitleOf } from "#app/ui/page-head.ts";
import { resetPassword } from "#app/users/queries.server.ts";
import { ACCOUNT_REFUSALS, STATUS_LABELS, userActionSchema } from "#app/users/rules.ts";

// /users/:id (admin): one account's role, disable/enable, password reset and unlock.
export const meta = pageTitleOf<{ user: { email: string } }>(
  ({ user }, _) => `${user.email} · ${_("Users")}`,
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "users");
  const user = await findAccount(db, params.id ?? "");
  if (!user) throw new HttpError(404, "No such user.");
  const zone = serverSettings().PLANT_TIME_ZONE;
  return {
    user: {
      ...user,
      lastSignInAt: user.lastSignInAt ? formatDateTimeGB(user.lastSignInAt, zone) : null,
      createdAt: formatDateTimeGB(user.createdAt, zone),
    },
  };
}

const DONE: Record<string, string> = {
  role: "Role changed.",
  disable: "Account disabled: every session and API token of it is signed out.",
  enable: "Account enabled.",
  unlock: "Account unlocked: its next sign-in is checked at once.",
};

/** The intents that act on the account alone (a role change also takes the new role). */
const COMMANDS = { disable: disableUser, enable: enableUser, reset: resetPassword, unlock: unlockUser };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "users");
  const id = params.id ?? "";
  const form = await readForm(request);
  const submission = parseSubmission(form, userActionSchema);
  if (submission.status !== "success")
    return data({ error: "Choose what to do with this account.", role: null, temporaryPassword: null }, 400);
  const input = submission.value;
  const outcome: Outcome<{ temporaryPassword?: string }, AccountRefusal> =
    input.intent === "role"
      ? await changeRole(db, id, input.role, admin.id)
      : await COMMANDS[input.intent](db, id, admin.id);
  if (!outcome.ok) {
    const role = input.intent === "role" ? input.role : null;
    const refusal = ACCOUNT_REFUSALS[outcome.reason];
    return data({ error: refusal.message, role, temporaryPassword: null }, refusal.status);
  }
  // The temporary password is shown on this answer only, never carried in a cookie or stored.
  if (input.intent === "reset")
    return { error: null, role: null, temporaryPassword: outcome.temporaryPassword ?? null };
  return redirectWithToast(`/users/${id}`, { type: "success", message: DONE[input.intent] });
}

export default function UserPage() {
  const { user } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const disabled = user.status === "disabled";
  const { _ } = useLingui();
  return (
    <section className="page narrow" aria-labelledby="user-title">
      <p>
        <Link to="/users">{_("← Users")}</Link>
      </p>
      <h1 id="user-title">{user.email}</h1>
      <FormError errors={answer?.error ? [answer.error] : undefined} />
      {answer?.temporaryPassword ? (
        <ShownOnce label={_("New temporary password")} secret={answer.temporaryPassword}>
          {_("Every session of this account was signed out; a new password is chosen at the next sign-in.")}
        </ShownOnce>
      ) : null}
      <dl className="facts">
        <dt>{_("Name")}</dt>
        <dd translate="no">{user.name || "—"}</dd>
        <dt>{_("Role")}</dt>
        <dd>{_(ROLE_LABELS[user.role])}</dd>
        <dt>{_("Status")}</dt>
        <dd>{_(STATUS_LABELS[user.status])}</dd>
        <dt>{_("Last sign-in")}</dt>
        <dd>{user.lastSignInAt ?? _("Never")}</dd>
        <dt>{_("Created")}</dt>
        <dd>{user.createdAt}</dd>
      </dl>

      <Form method="post" className="form">
        <fieldset>
          <legend>{_("Role")}</legend>
          <div className="field">
            <label htmlFor="user-role">{_("Role")}</label>
            <RoleSelect id="user-role" value={answer?.role ?? user.role} />
          </div>
          <SubmitButton pendingText="Saving..." name="intent" value="role">
            Change role
          </SubmitButton>
        </fieldset>
      </Form>

      <fieldset>
        <legend>{_("Access")}</legend>
        <div className="actions">
          <Form method="post">
            {disabled ? (
              <SubmitButton pendingText="Enabling..." name="intent" value="enable" className="button">
                Enable
              </SubmitButton>
            ) : (
              <SubmitButton
                pendingText="Disabling..."
                name="intent"
                value="disable"
                className="button danger"
              >
                Disable
              </SubmitButton>
            )}
          </Form>
          <Form method="post">
            <SubmitButton pendingText="Resetting..." name="intent" value="reset" className="button">
              Reset password
            </SubmitButton>
          </Form>
          {user.status === "locked" ? (
            <Form method="post">
              <SubmitButton pendingText="Unlocking..." name="intent" value="unlock" className="button">
                Unlock
              </SubmitButton>
            </Form>
          ) : null}
        </div>
        <p className="hint">
          {_(
            "Disable signs the account out everywhere at once (pages and API tokens). Reset password makes a new temporary password and signs the account out.",
          )}
        </p>
      </fieldset>
    </section>
  );
}
