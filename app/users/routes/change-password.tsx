import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";
import { changePassword } from "#app/users/account.server.ts";
import { NewPasswordFields } from "#app/users/password-fields.tsx";
import { forcedPasswordSchema, PASSWORD_CHANGED } from "#app/users/rules.ts";

// /change-password: where a user with a temporary password (made or reset by an admin) is held
// until they choose their own; every other page redirects here (session.server.ts requireUser).
export const meta = pageTitle("Choose a new password");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.mustChangePassword) throw redirect("/account");
  return { email: user.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!user.mustChangePassword) throw redirect("/account");
  const submission = parseSubmission(await readForm(request), forcedPasswordSchema);
  const hidden = { hideFields: ["newPassword", "confirmPassword"] };
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const outcome = await changePassword(db, user.id, {
    next: submission.value.newPassword,
    keepSessionId: user.sessionId,
  });
  if (!outcome.ok)
    return data(submission.reply({ ...hidden, fieldErrors: { newPassword: [outcome.message] } }), {
      status: 400,
    });
  // Shown on Today, whose words do not include this page's: worded here, in the person's language.
  const say = await requestSay(request, user, ["users"]);
  return redirectWithToast("/home", { type: "success", message: say(PASSWORD_CHANGED) });
}

export default function ChangePasswordPage() {
  const { email } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(forcedPasswordSchema, { id: "change-password", lastResult });
  const { _ } = useLingui();
  return (
    <main className="auth-page" id="main">
      <section className="auth-card" aria-labelledby="change-password-title">
        <h1 id="change-password-title">{_("Choose a new password")}</h1>
        <p className="muted">
          {_("{email} was given a temporary password. Choose your own before you go on.", { email })}
        </p>
        <Form method="post" {...getFormProps(form)}>
          <FormError id={form.errorId} errors={form.errors} />
          <NewPasswordFields next={fields.newPassword} repeat={fields.confirmPassword} />
          <SubmitButton pendingText="Saving...">Save password</SubmitButton>
        </Form>
        {/* A full page load: /logout is a resource route (app/resources.ts). */}
        <form method="post" action="/logout">
          <button type="submit" className="button small">
            {_("Logout")}
          </button>
        </form>
      </section>
    </main>
  );
}
