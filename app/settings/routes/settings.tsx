import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { getPlantSettings, savePlantSettings } from "#app/settings/queries.server.ts";
import { plantSettingsFormSchema } from "#app/settings/schema.ts";
import { redirectWithToast } from "#app/shell/toast.server.ts";
import { useCan } from "#app/shell/use-can.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

export const meta: MetaFunction = () => [{ title: "Settings · PlantOps" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return { settings: await getPlantSettings(db) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const submission = parseSubmission(await readForm(request), plantSettingsFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await savePlantSettings(db, submission.value, user.id);
  return redirectWithToast("/settings", { type: "success", message: "Settings saved." });
}

export default function SettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "settings",
    lastResult,
    defaultValue: {
      ...settings,
      dueSoonDays: String(settings.dueSoonDays),
      whatsappRecipients: settings.whatsappRecipients.join("\n"),
    },
    onValidate: ({ formData }) => parseSubmission(formData, plantSettingsFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="page narrow">
      <h1>Settings</h1>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>Plant</legend>
          <Field label="Plant name" id={fields.plantName.id} errors={fields.plantName.errors} required>
            <input {...getInputProps(fields.plantName, { type: "text" })} />
          </Field>
          <Field label="Company name" id={fields.companyName.id} errors={fields.companyName.errors} required>
            <input {...getInputProps(fields.companyName, { type: "text" })} />
          </Field>
          <Field
            label="Web address (scrolling banner)"
            id={fields.webAddress.id}
            errors={fields.webAddress.errors}
            hint="For example www.yourcompany.in"
          >
            <input {...getInputProps(fields.webAddress, { type: "text" })} />
          </Field>
        </fieldset>
        <fieldset>
          <legend>Contact details (footer)</legend>
          <Field label="Address" id={fields.contactAddress.id} errors={fields.contactAddress.errors}>
            <textarea {...getTextareaProps(fields.contactAddress)} rows={2} />
          </Field>
          <Field label="Phone" id={fields.contactPhone.id} errors={fields.contactPhone.errors}>
            <input {...getInputProps(fields.contactPhone, { type: "tel" })} />
          </Field>
          <Field label="E-mail" id={fields.contactEmail.id} errors={fields.contactEmail.errors}>
            <input {...getInputProps(fields.contactEmail, { type: "email" })} />
          </Field>
        </fieldset>
        <fieldset>
          <legend>AMC alerts</legend>
          <Field
            label="WhatsApp alert recipients"
            id={fields.whatsappRecipients.id}
            errors={fields.whatsappRecipients.errors ?? collectErrors(form.allErrors, "whatsappRecipients")}
            hint="One mobile number per line. 'Send alerts' on the AMC page opens a message to each."
          >
            <textarea {...getTextareaProps(fields.whatsappRecipients)} rows={3} />
          </Field>
          <Field
            label="Due-soon window (days)"
            id={fields.dueSoonDays.id}
            errors={fields.dueSoonDays.errors}
            hint="Contracts due within this many days are marked 'due soon'."
          >
            <input {...getInputProps(fields.dueSoonDays, { type: "number" })} min={0} max={365} step={1} />
          </Field>
        </fieldset>
        {useCan()("settings") ? <SubmitButton pendingText="Saving...">Save settings</SubmitButton> : null}
      </Form>
    </section>
  );
}

function collectErrors(all: Record<string, string[]>, prefix: string) {
  const found = Object.entries(all)
    .filter(([key]) => key.startsWith(`${prefix}[`))
    .flatMap(([, errors]) => errors);
  return found.length ? found : undefined;
}
