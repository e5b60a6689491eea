import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { rackItemInsertSchema, rackItemUpdateSchema } from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

// The insert/update form, apart from the /about list so the big table page does not load the
// form libraries. Stock is no longer typed here (issue 17): the insert form gives the opening
// stock, recorded as the item's first movement; after that, Issue / Receive / Count on the list
// and the stock card change it.
export type RackFormValues = {
  section?: string;
  materialName?: string;
  availableStock?: string;
  version?: string;
};

export type FormMode = "insert" | "update";

export function RackItemForm({
  mode,
  lastResult,
  defaultValue,
  submitLabel,
  pendingText,
}: {
  mode: FormMode;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: RackFormValues;
  submitLabel: string;
  pendingText: string;
}) {
  const schema = mode === "insert" ? rackItemInsertSchema : rackItemUpdateSchema;
  const [form, fields] = useForm({
    id: `rack-${mode}`,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <Form method="post" {...getFormProps(form)} className="form rack-form">
      <FormError id={form.errorId} errors={form.errors} />
      {mode === "update" ? <input {...getInputProps(fields.version, { type: "hidden" })} /> : null}
      <Field label="Section" id={fields.section.id} errors={fields.section.errors} required>
        <input {...getInputProps(fields.section, { type: "text" })} autoComplete="off" />
      </Field>
      <Field label="Material Name" id={fields.materialName.id} errors={fields.materialName.errors} required>
        <input {...getInputProps(fields.materialName, { type: "text" })} autoComplete="off" />
      </Field>
      {mode === "insert" ? (
        <Field
          label="Opening Stock"
          id={fields.availableStock.id}
          errors={fields.availableStock.errors}
          required
          hint="The stock the item is put in with, recorded as its first movement (dated today)."
        >
          <input
            {...getInputProps(fields.availableStock, { type: "text" })}
            inputMode="decimal"
            autoComplete="off"
          />
        </Field>
      ) : null}
      <div className="actions">
        <SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
        <Link to="/about" className="button">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
