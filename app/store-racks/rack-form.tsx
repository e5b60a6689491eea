import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { RACKS, rackLabel } from "#app/store-racks/rules.ts";
import {
  rackItemInsertAnyRackSchema,
  rackItemInsertSchema,
  rackItemUpdateSchema,
} from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

// The insert/update form, apart from the /about list so the big table page does not load the
// form libraries. Stock is no longer typed here (issue 17): the insert form gives the opening
// stock, recorded as the item's first movement; after that, Issue / Receive / Count on the list
// and the stock card change it.
export type RackFormValues = {
  rackNumber?: string;
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
  chooseRack = false,
}: {
  mode: FormMode;
  /** Insert from "All racks" (/insertproducts): the form asks which rack. */
  chooseRack?: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: RackFormValues;
  submitLabel: string;
  pendingText: string;
}) {
  const schema =
    mode === "update"
      ? rackItemUpdateSchema
      : chooseRack
        ? rackItemInsertAnyRackSchema
        : rackItemInsertSchema;
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
      {chooseRack ? (
        <Field label="Rack" id={fields.rackNumber.id} errors={fields.rackNumber.errors} required>
          <select {...getSelectProps(fields.rackNumber)}>
            <option value="">Choose a rack</option>
            {RACKS.map(({ number }) => (
              <option key={number} value={number}>
                {rackLabel(number)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
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
