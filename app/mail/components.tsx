import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { FormError, SubmitButton } from "#app/ui/form.tsx";

/** /settings' mail section: whether e-mail is on (and why not), the outbox, "Send a test e-mail". */
export function MailSettings({
  offReason,
  to,
  error,
  mayChange,
}: {
  offReason: string | null;
  to: string;
  error: string | null;
  mayChange: boolean;
}) {
  const { _ } = useLingui();
  return (
    <section aria-labelledby="mail-title">
      <h2 id="mail-title">{_("E-mail")}</h2>
      <p className={offReason ? "hint status-bad" : "hint"}>
        {_(offReason ?? "E-mail is on: reminders and test messages go out through the plant's SMTP server.")}
      </p>
      <p>
        <Link to="/settings/outbox">{_("Outbox")}</Link>
        {_(": every e-mail, queued, sent or failed.")}
      </p>
      {mayChange ? (
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="test-mail" />
          <FormError errors={error ? [error] : undefined} />
          <div className="field">
            <label htmlFor="test-mail-to">{_("Send a test e-mail to")}</label>
            <input id="test-mail-to" name="to" type="email" defaultValue={to} required />
          </div>
          <SubmitButton pendingText="Queuing..." className="button">
            Send a test e-mail
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
