import { getFormProps, useForm } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  accountOf,
  activeSessions,
  changeLanguage,
  changeName,
  signOutOthers,
  signOutSession,
} from "#app/auth/accounts.server.ts";
import { can } from "#app/auth/permissions.ts";
import { ROLE_LABELS } from "#app/auth/roles.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { isLanguage } from "#app/i18n/catalogues.server.ts";
import { useLanguages } from "#app/i18n/language-switch.tsx";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { mailNotReadyReason } from "#app/mail/rules.ts";
import { ReminderChoices } from "#app/reminders/components.tsx";
import { setSubscriptions, subscriptionsOf } from "#app/reminders/queries.server.ts";
import { chosenKinds, kindsForRole, reminderChoicesSchema } from "#app/reminders/rules.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { InputField } from "#app/ui/form/input-field.tsx";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError, RowAction, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";
import { changePassword } from "#app/users/account.server.ts";
import { type Device, deviceOf, deviceWords } from "#app/users/devices.ts";
import { NewPasswordFields } from "#app/users/password-fields.tsx";
import {
  accountLanguageSchema,
  accountNameSchema,
  changePasswordSchema,
  PASSWORD_CHANGED,
  sessionActionSchema,
} from "#app/users/rules.ts";

// /account (every role): own name, own password, own sessions.
export const meta = pageTitle("Account");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const zone = serverSettings().PLANT_TIME_ZONE;
  const [account, sessions, subscriptions] = await Promise.all([
    accountOf(db, user.id),
    activeSessions(db, user.id),
    subscriptionsOf(db, user.id),
  ]);
  return {
    account: {
      email: user.email,
      role: user.role,
      name: account?.name ?? "",
      language: user.language ?? "",
      version: account?.version ?? 0,
    },
    reminders: {
      kinds: kindsForRole((area) => can(user.role, area, "read")),
      chosen: subscriptions,
      mailOff: mailNotReadyReason(serverSettings()),
    },
    sessions: sessions.map((session) => ({
      id: session.id,
      device: deviceOf(session.userAgent),
      signedInAt: formatDateTimeGB(session.createdAt, zone),
      lastSeenAt: formatDateTimeGB(session.lastSeenAt, zone),
      current: session.id === user.sessionId,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "name") {
    const submission = parseSubmission(form, accountNameSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    await changeName(db, user.id, submission.value.name);
    return redirectWithToast("/account", { type: "success", message: "Name saved." });
  }
  if (intent === "language") {
    const submission = parseSubmission(form, accountLanguageSchema);
    const chosen = submission.status === "success" ? submission.value.language : null;
    if (chosen === null || (chosen !== "" && !isLanguage(chosen)))
      return data({ intent, result: null }, { status: 400 });
    await changeLanguage(db, user.id, chosen || null);
    return redirectWithToast("/account", { type: "success", message: "Language saved." });
  }
  if (intent === "reminders") {
    const allowed = kindsForRole((area) => can(user.role, area, "read"));
    const submission = parseSubmission(form, reminderChoicesSchema);
    const kinds = submission.status === "success" ? submission.value.kind : [];
    await setSubscriptions(db, user.id, chosenKinds(kinds, allowed));
    return redirectWithToast("/account", { type: "success", message: "Reminder choices saved." });
  }
  if (intent === "password") {
    const submission = parseSubmission(form, changePasswordSchema);
    const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(hidden) }, { status: 400 });
    const outcome = await changePassword(db, user.id, {
      current: submission.value.currentPassword,
      next: submission.value.newPassword,
      keepSessionId: user.sessionId,
    });
    if (!outcome.ok) {
      const result = submission.reply({ ...hidden, fieldErrors: { [outcome.field]: [outcome.message] } });
      return data({ intent, result }, { status: 400 });
    }
    return redirectWithToast("/account", { type: "success", message: PASSWORD_CHANGED });
  }
  const submission = parseSubmission(form, sessionActionSchema);
  if (submission.status !== "success") return data({ intent: null, result: null }, { status: 400 });
  if (submission.value.intent === "sign-out-others") {
    await signOutOthers(db, user.id, user.sessionId);
    return redirectWithToast("/account", { type: "success", message: "Signed out everywhere else." });
  }
  await signOutSession(db, user.id, submission.value.sessionId);
  // Signing out the session in use is signing out.
  // Shown on the sign-in page, whose words do not include this page's: worded here.
  if (submission.value.sessionId === user.sessionId)
    return redirectWithToast("/", {
      type: "success",
      message: (await requestSay(request, user, ["users"]))("Signed out."),
    });
  return redirectWithToast("/account", { type: "success", message: "Session signed out." });
}

export default function AccountPage() {
  const { account, sessions, reminders } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [nameForm, nameFields] = useForm({
    id: "account-name",
    lastResult: answer?.intent === "name" ? answer.result : undefined,
    defaultValue: { name: account.name },
    onValidate: ({ formData }) => parseSubmission(formData, accountNameSchema),
    shouldValidate: "onSubmit",
  });
  const [passwordForm, passwordFields] = useCheckedForm(changePasswordSchema, {
    id: "account-password",
    lastResult: answer?.intent === "password" ? answer.result : undefined,
  });
  const others = sessions.filter((session) => !session.current).length;
  const { _ } = useLingui();
  return (
    <section className="page narrow" aria-labelledby="account-title">
      <h1 id="account-title">{_("Account")}</h1>
      <p>
        {account.email} · {_(ROLE_LABELS[account.role])}
      </p>

      <Form method="post" {...getFormProps(nameForm)} className="form">
        <fieldset>
          <legend>{_("Name")}</legend>
          <input type="hidden" name="intent" value="name" />
          <FormError id={nameForm.errorId} errors={nameForm.errors} />
          <InputField label="Name" field={nameFields.name} type="text" autoComplete="name" />
          <SubmitButton pendingText="Saving...">Save name</SubmitButton>
        </fieldset>
      </Form>

      <LanguageChoice chosen={account.language} />

      {/* Keyed by the account's version: after a change the form starts empty, with or without JavaScript. */}
      <Form method="post" {...getFormProps(passwordForm)} className="form" key={account.version}>
        <fieldset>
          <legend>{_("Change password")}</legend>
          <input type="hidden" name="intent" value="password" />
          <FormError id={passwordForm.errorId} errors={passwordForm.errors} />
          <InputField
            label="Current password"
            field={passwordFields.currentPassword}
            type="password"
            required
            autoComplete="current-password"
          />
          <NewPasswordFields next={passwordFields.newPassword} repeat={passwordFields.confirmPassword} />
          <SubmitButton pendingText="Saving...">Change password</SubmitButton>
        </fieldset>
      </Form>

      <ReminderChoices kinds={reminders.kinds} chosen={reminders.chosen} mailOff={reminders.mailOff} />

      <section aria-labelledby="sessions-title">
        <h2 id="sessions-title">{_("Where you are signed in")}</h2>
        <table aria-label={_("Your sessions")}>
          <thead>
            <tr>
              <th scope="col">{_("Device")}</th>
              <th scope="col">{_("Signed in")}</th>
              <th scope="col">{_("Last seen")}</th>
              <th scope="col">
                <span className="visually-hidden">{_("Action")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id} aria-current={session.current ? "true" : undefined}>
                <td>
                  <DeviceName device={session.device} />
                </td>
                <td>{session.signedInAt}</td>
                <td>{session.lastSeenAt}</td>
                <td>
                  {session.current ? (
                    <strong>{_("This device")}</strong>
                  ) : (
                    <RowAction
                      intent="sign-out"
                      fields={{ sessionId: session.id }}
                      pendingText="Signing out..."
                      label={_("Sign out the session last seen {at}", { at: session.lastSeenAt })}
                    >
                      Sign out
                    </RowAction>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {others > 0 ? (
          <Form method="post" className="actions">
            <SubmitButton
              pendingText="Signing out..."
              name="intent"
              value="sign-out-others"
              className="button"
            >
              Sign out everywhere else
            </SubmitButton>
          </Form>
        ) : (
          <p className="muted">{_("You are signed in on this device only.")}</p>
        )}
      </section>
    </section>
  );
}

/** The person's language: every page and their mail; "the plant's" follows /settings. */
function LanguageChoice({ chosen }: { chosen: string }) {
  const { _ } = useLingui();
  return (
    <Form method="post" className="form">
      <fieldset>
        <legend>{_("Language")}</legend>
        <input type="hidden" name="intent" value="language" />
        <div className="field">
          <label htmlFor="account-language">{_("Language of pages and e-mail")}</label>
          <select id="account-language" name="language" defaultValue={chosen}>
            <option value="">{_("The plant's language (Settings)")}</option>
            {useLanguages().map((language) => (
              <option key={language.code} value={language.code} lang={language.code} translate="no">
                {language.name}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton pendingText="Saving...">Save language</SubmitButton>
      </fieldset>
    </Form>
  );
}

/**
 * A session's device: "Chrome on Linux" in the page's language, the browser's and the system's
 * names being products' names (translate="no").
 */
function DeviceName({ device }: { device: Device }) {
  const { _ } = useLingui();
  const { browser, system } = device;
  if (!browser || !system)
    return browser || system ? <span translate="no">{browser ?? system}</span> : deviceWords(device, _);
  // The words around the two names, in the language's order ("{system} पर {browser}").
  const parts = _("{browser} on {system}", { browser: "\u0000b\u0000", system: "\u0000s\u0000" }).split(
    "\u0000",
  );
  return (
    <>
      {parts.map((part) =>
        part === "b" || part === "s" ? (
          <span key={part} translate="no">
            {part === "b" ? browser : system}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
