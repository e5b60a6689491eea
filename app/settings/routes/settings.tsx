import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { RoleSelect, ShownOnce } from "#app/auth/components.tsx";
import type { ROLE_LABELS } from "#app/auth/roles.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { isLanguage } from "#app/i18n/catalogues.server.ts";
import { useLanguages } from "#app/i18n/language-switch.tsx";
import { serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { MailSettings } from "#app/mail/components.tsx";
import { mailNotReadyReason, testMailSchema } from "#app/mail/rules.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { queueTestMail } from "#app/mail/test-mail.server.ts";
import { rescheduleDigest } from "#app/settings/digest.server.ts";
import { getPlantSettings, savePlantSettings } from "#app/settings/queries.server.ts";
import {
  getRegistrationSettings,
  rotateRegistrationCode,
  saveRegistrationSettings,
} from "#app/settings/registration.server.ts";
import { registrationFormSchema } from "#app/settings/registration.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { plantSettingsFormSchema } from "#app/settings/schema.ts";
import { InputField } from "#app/ui/form/input-field.tsx";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

export const meta = pageTitle("Settings");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const [settings, registration] = await Promise.all([getPlantSettings(db), getRegistrationSettings(db)]);
  return {
    settings,
    registration,
    mail: { offReason: mailNotReadyReason(serverSettings()), to: user.email },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "registration") {
    const submission = parseSubmission(form, registrationFormSchema);
    if (submission.status !== "success")
      return data({ intent, result: null, error: "Choose a role for new registrations." }, 400);
    await saveRegistrationSettings(db, submission.value, user.id);
    return redirectWithToast("/settings", { type: "success", message: "Registration settings saved." });
  }
  if (intent === "test-mail") {
    const submission = parseSubmission(form, testMailSchema);
    const to = submission.status === "success" ? submission.value.to : "";
    const outcome = await queueTestMail(db, to, serverSettings(), (await getPlantSettings(db)).language);
    if (!outcome.ok)
      return data(
        {
          intent,
          result: null,
          error: null,
          mailError: outcome.message,
          mailTo: to,
        },
        400,
      );
    await sendMailSoon();
    const say = await requestSay(request, user, ["mail"]);
    return redirectWithToast("/settings", {
      type: "success",
      message: say("A test e-mail to {to} is queued; the outbox shows when it is sent.", { to: outcome.to }),
    });
  }
  if (intent === "rotate") {
    // Shown on this answer only: the database keeps the code's hash.
    return { intent, result: null, error: null, code: await rotateRegistrationCode(db, user.id) };
  }
  const submission = parseSubmission(form, plantSettingsFormSchema);
  if (submission.status !== "success")
    return data({ intent: "plant", result: submission.reply() }, { status: 400 });
  // The browser knows no list of catalogues: the server checks the language names one.
  const language = submission.value.language ?? (await getPlantSettings(db)).language;
  if (!isLanguage(language))
    return data(
      { intent: "plant", result: submission.reply({ fieldErrors: { language: ["Choose a language."] } }) },
      { status: 400 },
    );
  const before = await savePlantSettings(db, { ...submission.value, language }, user.id);
  await rescheduleDigest(before.digestTime !== submission.value.digestTime);
  return redirectWithToast("/settings", { type: "success", message: "Settings saved." });
}

export default function SettingsPage() {
  const { settings, registration, mail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const mayChange = useCan()("settings");
  const languages = useLanguages();
  const { _ } = useLingui();
  const lastResult = answer?.intent === "plant" ? answer.result : undefined;
  const [form, fields] = useForm({
    id: "settings",
    lastResult,
    defaultValue: {
      ...settings,
      dueSoonDays: String(settings.dueSoonDays),
      whatsappRecipients: settings.whatsappRecipients.join("\n"),
      reminderOffsets: settings.reminderOffsets.join(", "),
      shiftTimes: settings.shiftTimes.join(", "),
    },
    onValidate: ({ formData }) => parseSubmission(formData, plantSettingsFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="page narrow">
      <h1>{_("Settings")}</h1>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>{_("Plant")}</legend>
          <InputField label="Plant name" field={fields.plantName} type="text" required />
          <InputField label="Company name" field={fields.companyName} type="text" required />
          <InputField
            label="Web address (scrolling banner)"
            field={fields.webAddress}
            type="text"
            hint="For example www.yourcompany.in"
          />
          <Field
            label="Language"
            id={fields.language.id}
            errors={fields.language.errors}
            hint="Of every page and e-mail for a person who has not chosen their own on their Account page."
          >
            <select {...getSelectProps(fields.language)}>
              {languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code} translate="no">
                  {language.name}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
        <fieldset>
          <legend>{_("Contact details (footer)")}</legend>
          <Field label="Address" id={fields.contactAddress.id} errors={fields.contactAddress.errors}>
            <textarea {...getTextareaProps(fields.contactAddress)} rows={2} />
          </Field>
          <InputField label="Phone" field={fields.contactPhone} type="tel" />
          <InputField label="E-mail" field={fields.contactEmail} type="email" />
        </fieldset>
        <fieldset>
          <legend>{_("AMC alerts")}</legend>
          <Field
            label="WhatsApp alert recipients"
            id={fields.whatsappRecipients.id}
            errors={fields.whatsappRecipients.errors ?? collectErrors(form.allErrors, "whatsappRecipients")}
            hint="One mobile number per line. 'Send alerts' on the AMC page opens a message to each."
          >
            <textarea {...getTextareaProps(fields.whatsappRecipients)} rows={3} />
          </Field>
          <InputField
            label="Due-soon window (days)"
            field={fields.dueSoonDays}
            type="number"
            hint="Contracts due within this many days are marked 'due soon'."
            min={0}
            max={365}
            step={1}
          />
        </fieldset>
        <fieldset>
          <legend>{_("Reminders")}</legend>
          <InputField
            label="Contract reminders (days before)"
            field={fields.reminderOffsets}
            type="text"
            hint="Before validity end and before next PMS due, for example 60, 30, 7; then daily while overdue."
            errors={fields.reminderOffsets.errors ?? collectErrors(form.allErrors, "reminderOffsets")}
            inputMode="numeric"
          />
          <InputField
            label="Daily digest time"
            field={fields.digestTime}
            type="time"
            hint="In the plant's time zone. People choose their reminders on their Account page."
          />
          <InputField
            label="Shift start times"
            field={fields.shiftTimes}
            type="text"
            hint="In the plant's time zone, for example 06:00, 14:00, 22:00. The shift that runs past midnight is the night shift. Today on the home page names the shift records missing."
            errors={fields.shiftTimes.errors ?? collectErrors(form.allErrors, "shiftTimes")}
          />
        </fieldset>
        {mayChange ? <SubmitButton pendingText="Saving...">Save settings</SubmitButton> : null}
      </Form>
      <Registration
        role={registration.role}
        open={registration.open}
        rotatedAt={registration.rotatedAt}
        error={answer && "error" in answer ? answer.error : null}
        code={answer && "code" in answer ? answer.code : null}
        mayChange={mayChange}
      />
      <MailSettings
        offReason={mail.offReason}
        to={answer && "mailTo" in answer ? answer.mailTo : mail.to}
        error={answer && "mailError" in answer ? answer.mailError : null}
        mayChange={mayChange}
      />
      {mayChange ? (
        <section aria-labelledby="backups-link-title">
          <h2 id="backups-link-title">{_("Backups")}</h2>
          <p>
            <Link to="/settings/backups">{_("Backups")}</Link>
            {_(
              ": the last backup, the kept ones to download, back up now, and the nightly backup's time and how many are kept.",
            )}
          </p>
        </section>
      ) : null}
    </section>
  );
}

function collectErrors(all: Record<string, string[]>, prefix: string) {
  const found = Object.entries(all)
    .filter(([key]) => key.startsWith(`${prefix}[`))
    .flatMap(([, errors]) => errors);
  return found.length ? found : undefined;
}

function Registration({
  role,
  open,
  rotatedAt,
  error,
  code,
  mayChange,
}: {
  mayChange: boolean;
  role: keyof typeof ROLE_LABELS;
  open: boolean;
  rotatedAt?: string;
  error: string | null;
  code: string | null;
}) {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="registration-title">
      <h2 id="registration-title">{_("Registration")}</h2>
      <Form method="post" className="form">
        <input type="hidden" name="intent" value="registration" />
        <FormError errors={error ? [error] : undefined} />
        <div className="field">
          <label className="check">
            <input type="checkbox" name="open" defaultChecked={open} />
            {_("Anyone with the security code may register")}
          </label>
          <p className="hint">
            {_("When off, the registration page says registration is closed; admins add users.")}
          </p>
        </div>
        <div className="field">
          <label htmlFor="registration-role">{_("Role of new registrations")}</label>
          <RoleSelect id="registration-role" value={role} />
        </div>
        {mayChange ? <SubmitButton pendingText="Saving...">Save registration settings</SubmitButton> : null}
      </Form>
      <Form method="post" className="actions">
        {code ? (
          <ShownOnce label={_("New registration code")} secret={code}>
            {_("The old code no longer works.")}
          </ShownOnce>
        ) : null}
        <p className="hint">
          {rotatedAt
            ? _("The code was last rotated on {date}.", {
                date: new Date(rotatedAt).toISOString().slice(0, 10),
              })
            : _("The code is the one set when PlantOps was installed (npm run registration-code).")}
        </p>
        {mayChange ? (
          <SubmitButton pendingText="Rotating..." name="intent" value="rotate" className="button">
            Rotate registration code
          </SubmitButton>
        ) : null}
      </Form>
    </section>
  );
}
