import { type FieldMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { AuthCard } from "#app/auth/components.tsx";
import { messages, registerFormSchema } from "#app/auth/rules.ts";
import { db } from "#app/db/client.server.ts";
import { assertSameOrigin, clientAddress, readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { REGISTRATION_REFUSAL_STATUS, registerFrom } from "#app/registration/register.server.ts";
import { getRegistrationSettings } from "#app/settings/registration.server.ts";
import { registrationClosedMessage } from "#app/settings/registration.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

export const meta = pageTitle("Register");

export async function loader() {
  return { open: (await getRegistrationSettings(db)).open };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseSubmission(await readForm(request), registerFormSchema);
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password", "securityCode"] }), { status: 400 });
  }
  const outcome = await registerFrom(clientAddress(request), submission.value);
  if (!outcome.ok) {
    // A wrong code keeps its own wording (the legacy app), as does "too many attempts"; other refusals
    // say what went wrong.
    const message =
      outcome.reason === "email-taken" ? `${messages.registerFailed}: ${outcome.message}` : outcome.message;
    return data(submission.reply({ formErrors: [message], hideFields: ["password", "securityCode"] }), {
      status: REGISTRATION_REFUSAL_STATUS[outcome.reason],
    });
  }
  return redirectWithToast("/login", { type: "success", message: messages.registered });
}

export default function RegisterPage() {
  const { open } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  if (!open) {
    return (
      <AuthCard id="register-title" title="Register" other={SIGN_IN_INSTEAD}>
        <p role="status">{_(registrationClosedMessage)}</p>
      </AuthCard>
    );
  }
  return <RegisterForm />;
}

const SIGN_IN_INSTEAD = { question: "Already registered?", to: "/", label: "Sign in" };

function RegisterForm() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(registerFormSchema, { id: "register", lastResult });
  const { _ } = useLingui();
  return (
    <AuthCard
      id="register-title"
      title="Register"
      intro="Ask your administrator for the plant's security code."
      other={SIGN_IN_INSTEAD}
    >
      <Form method="post" {...getFormProps(form)}>
        <FormError id={form.errorId} errors={form.errors} />
        <RegisterField
          field={fields.name}
          label="Name"
          type="text"
          hint="As it should appear on the records you enter."
          autoComplete="name"
          maxLength={120}
        />
        <RegisterField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <RegisterField
          field={fields.password}
          label="Password"
          type="password"
          hint="At least 8 characters."
          autoComplete="new-password"
        />
        <RegisterField field={fields.securityCode} label="Security code" type="password" autoComplete="off" />
        <SubmitButton pendingText="Registering...">Register</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** One of the form's inputs in its labelled field; every one is required. */
function RegisterField({
  field,
  label,
  type,
  hint,
  ...input
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: "text" | "email" | "password";
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "maxLength">) {
  return (
    <Field label={label} id={field.id} errors={field.errors} required hint={hint}>
      <input {...getInputProps(field, { type })} {...input} required />
    </Field>
  );
}
