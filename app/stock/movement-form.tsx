import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { type MovementForm, type MovementItem, movementFormPath, stockCardPath } from "#app/stock/item.ts";
import { formatQuantity, KIND_OF_FORM } from "#app/stock/rules.ts";
import { MAX_REMARK, MAX_TEXT, movementSchema, PARTY_LABEL, QUANTITY_LABEL } from "#app/stock/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

// The Issue / Receive / Count form: alone on its page without JavaScript, and in one dialog per
// list page with it (movement-dialog.tsx; the dialog posts to the same page's action, so the
// server's answer is the same; a refusal comes back into the dialog, filled in).

const SUBMIT: Record<MovementForm, [string, string]> = {
  issue: ["Record issue", "Recording..."],
  receive: ["Record receipt", "Recording..."],
  count: ["Record count", "Recording..."],
};

export function MovementFields({
  form: which,
  item,
  today,
  lastResult,
  back,
  onCancel,
  cancelHref,
  FormComponent,
  busy,
}: {
  form: MovementForm;
  item: MovementItem;
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
  back?: string | null;
  onCancel?: () => void;
  cancelHref?: string;
  FormComponent: typeof Form;
  busy?: boolean;
}) {
  const { _ } = useLingui();
  const kind = KIND_OF_FORM[which];
  const schema = movementSchema(kind, today);
  const [form, fields] = useForm({
    id: `movement-${which}-${item.ref.id}`,
    lastResult,
    defaultValue: { movedOn: today },
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The way back rides in the address too, so a refused post (re-rendered from its own URL
  // without JavaScript) still knows where to go after the next one.
  const action = `${movementFormPath(item.ref, which)}${back ? `?back=${encodeURIComponent(back)}` : ""}`;
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="form movement-form">
      <FormError id={form.errorId} errors={form.errors} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <p className="movement-item">
        <strong translate="no">{item.name}</strong> · {_("in stock now:")} {formatQuantity(item.inStock)}
      </p>
      <div className="movement-row">
        <Field label="Date" id={fields.movedOn.id} errors={fields.movedOn.errors} required>
          <input {...getInputProps(fields.movedOn, { type: "date" })} max={today} />
        </Field>
        <Field label={QUANTITY_LABEL[kind]} id={fields.quantity.id} errors={fields.quantity.errors} required>
          <input
            {...getInputProps(fields.quantity, { type: "text" })}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
      </div>
      <div className="movement-row">
        <Field
          label="Reference"
          id={fields.reference.id}
          errors={fields.reference.errors}
          hint="Slip, indent, gate-pass or order number"
        >
          <input
            {...getInputProps(fields.reference, { type: "text" })}
            maxLength={MAX_TEXT}
            autoComplete="off"
          />
        </Field>
        <Field label={PARTY_LABEL[kind]} id={fields.party.id} errors={fields.party.errors}>
          <input {...getInputProps(fields.party, { type: "text" })} maxLength={MAX_TEXT} autoComplete="off" />
        </Field>
      </div>
      <Field label="Remark" id={fields.remark.id} errors={fields.remark.errors}>
        <textarea {...getTextareaProps(fields.remark)} maxLength={MAX_REMARK} rows={2} />
      </Field>
      <div className="actions">
        <SubmitButton pendingText={SUBMIT[which][1]} formAction={action} busy={busy}>
          {SUBMIT[which][0]}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {_("Cancel")}
          </button>
        ) : (
          <Link to={cancelHref ?? stockCardPath(item.ref)} className="button">
            {_("Cancel")}
          </Link>
        )}
      </div>
    </FormComponent>
  );
}

/** The form on its own page (JavaScript or not). */
export function MovementFormPage(props: {
  form: MovementForm;
  item: MovementItem;
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
  back: string | null;
}) {
  return <MovementFields {...props} cancelHref={props.back ?? undefined} FormComponent={Form} />;
}
