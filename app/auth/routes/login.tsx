import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { authenticator, LoginRefused } from "#app/auth/authenticator.server.ts";
import { AuthCard } from "#app/auth/components.tsx";
import { loginSchema } from "#app/auth/rules.ts";
import { getUser, startUserSession } from "#app/auth/session.server.ts";
import { assertSameOrigin, HttpError, MAX_BODY_BYTES } from "#app/lib/http.server.ts";
import { safeRedirect } from "#app/lib/redirects.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

export const meta = pageTitle("Sign in");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES)
    throw new HttpError(413, "Too large");
  try {
    const user = await authenticator.authenticate("form", request);
    const { setCookie } = await startUserSession(request, user.id, { sharedTerminal: user.sharedTerminal });
    return redirect(safeRedirect(user.redirectTo), { headers: { "set-cookie": setCookie } });
  } catch (error) {
    if (error instanceof LoginRefused) return data(error.reply, { status: error.status });
    throw error;
  }
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [form, fields] = useCheckedForm(loginSchema, { id: "login", lastResult });
  const { _ } = useLingui();
  return (
    <AuthCard
      id="login-title"
      title="Sign in"
      intro="PlantOps: spares, racks, contracts and SOP formats."
      other={{ question: "No account yet?", to: "/register", label: "Register" }}
    >
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="E-mail" id={fields.email.id} errors={fields.email.errors} required>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" required />
        </Field>
        <Field label="Password" id={fields.password.id} errors={fields.password.errors} required>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            required
          />
        </Field>
        <div className="field">
          <label className="check" style={{ fontWeight: 400 }}>
            <input {...getInputProps(fields.sharedTerminal, { type: "checkbox" })} />
            {_("This is a shared terminal")}
          </label>
          <p className="hint">
            {_("Sign-in ends when the browser closes, or after 30 minutes without use.")}
          </p>
        </div>
        <SubmitButton pendingText="Signing in...">Login</SubmitButton>
      </Form>
    </AuthCard>
  );
}
