import { useLingui } from "@lingui/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { translateMessage } from "#app/i18n/messages.ts";

// Shared form pieces: a labelled field with its errors, the form-level error, and a submit
// button that reads "Inserting..." / "Updating..." and is disabled while its form is saving.
// They take their words in English (a label, a hint, a message from the form's schema) and show
// them in the page's language: the English is the catalogue's key (app/i18n).

export function Field({
  label,
  id,
  errors,
  required,
  children,
  hint,
}: {
  label: string;
  id: string;
  errors?: string[];
  required?: boolean;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>
        {_(label)}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="hint">{typeof hint === "string" ? _(hint) : hint}</p> : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { _ } = useLingui();
  if (!errors?.length) return null;
  return (
    <ul className="field-errors" id={id}>
      {errors.map((error) => (
        <li key={error}>{translateMessage(_, error)}</li>
      ))}
    </ul>
  );
}

export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  const { _ } = useLingui();
  if (!errors?.length) return null;
  return (
    <div className="form-error" role="alert" id={id}>
      {errors.map((error) => (
        <p key={error}>{translateMessage(_, error)}</p>
      ))}
    </div>
  );
}

/** True while a form posting to `action` (default: any form of this page) is being saved. */
export function useIsSaving(formAction?: string) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" && navigation.state !== "loading") return false;
  if (!navigation.formMethod || navigation.formMethod.toUpperCase() === "GET") return false;
  return formAction ? navigation.formAction === formAction : true;
}

export function SubmitButton({
  children,
  pendingText,
  formAction,
  className = "button primary",
  name,
  value,
  busy = false,
  label,
}: {
  children: ReactNode;
  pendingText: string;
  formAction?: string;
  className?: string;
  name?: string;
  value?: string;
  /** A fetcher's form: its post is in flight (useNavigation does not see fetchers). */
  busy?: boolean;
  /** What a screen reader says where the text alone is ambiguous (one button in each row). */
  label?: string;
}) {
  const saving = useIsSaving(formAction) || busy;
  const { _ } = useLingui();
  return (
    <button
      type="submit"
      className={className}
      disabled={saving}
      aria-busy={saving}
      name={name}
      value={value}
      aria-label={label}
    >
      {saving ? _(pendingText) : typeof children === "string" ? _(children) : children}
    </button>
  );
}

/**
 * A row's one-button form (send again, bring back, sign out): posts `intent` with the row's
 * fields, to the page's own action.
 */
export function RowAction({
  intent,
  fields,
  pendingText,
  label,
  children,
}: {
  intent: string;
  fields: Record<string, string>;
  pendingText: string;
  label?: string;
  children: string;
}) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton
        pendingText={pendingText}
        name="intent"
        value={intent}
        className="button small"
        label={label}
      >
        {children}
      </SubmitButton>
    </Form>
  );
}
