import { useLingui } from "@lingui/react";
import { Form } from "@remix-run/react";
import { REMINDER_KIND_LABELS, type ReminderKind } from "#app/reminders/rules.ts";
import { SubmitButton } from "#app/ui/form.tsx";

/** /account's reminder choices: one checkbox per kind the person's role may read. */
export function ReminderChoices({
  kinds,
  chosen,
  mailOff,
}: {
  kinds: readonly ReminderKind[];
  chosen: readonly ReminderKind[];
  mailOff: string | null;
}) {
  const { _ } = useLingui();
  if (kinds.length === 0) return null;
  return (
    <Form method="post" className="form">
      <fieldset>
        <legend>{_("Daily reminders by e-mail")}</legend>
        <input type="hidden" name="intent" value="reminders" />
        {mailOff ? <p className="hint">{_(mailOff)}</p> : null}
        {kinds.map((kind) => (
          <div className="field" key={kind}>
            <label className="check">
              <input type="checkbox" name="kind" value={kind} defaultChecked={chosen.includes(kind)} />
              {_(REMINDER_KIND_LABELS[kind])}
            </label>
          </div>
        ))}
        <SubmitButton pendingText="Saving...">Save reminders</SubmitButton>
      </fieldset>
    </Form>
  );
}
