import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { rackItemRecord } from "#app/store-racks/record.ts";
import {
  rackItemInsertAnyRackSchema,
  rackItemInsertSchema,
  rackItemUpdateSchema,
} from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { RecordFields } from "#app/ui/form/record-fields.tsx";
import { FormError, SubmitButton } from "#app/ui/form.tsx";

// The insert/update form, apart from the /about list so the big table page does not load the
// form libraries; its inputs drawn from the item's definition (record.ts). Stock is no longer typed here (issue 17): the insert form gives the opening
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
  const { _ } = useLingui();
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
      <RecordFields
        definition={rackItemRecord}
        fields={fields}
        replace={{
          ...(chooseRack ? {} : { rackNumber: null }),
          ...(mode === "insert" ? {} : { availableStock: null }),
        }}
      />
      <div className="actions">
        <SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
        <Link to="/about" className="button">
          {_("Cancel")}
        </Link>
      </div>
    </Form>
  );
}
