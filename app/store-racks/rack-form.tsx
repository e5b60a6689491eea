import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { closingStockPreview, type FormMode, messages } from "#app/store-racks/rules.ts";
import { rackItemFormSchema } from "#app/store-racks/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FieldErrors, FormError, SubmitButton } from "#app/ui/form.tsx";

// The insert/update form, apart from the /about panels so the big table page does not load
// the form libraries.
export type RackFormValues = {
  section?: string;
  materialName?: string;
  availableStock?: string;
  issue?: string;
  receipt?: string;
  version?: string;
  /** Never an input (the server computes it); named so its refusal shows beside the preview. */
  closingStock?: string;
};

/**
 * The Insert Rack Data and Update Product forms (spec §2): section, material name, available
 * stock, issue, receipt and the read-only closing stock, previewed as the user types (spec §4)
 * and computed again by the server on save.
 */
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
  const [form, fields] = useForm({
    id: `rack-${mode}`,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseSubmission(formData, rackItemFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initial = (value: unknown) => (typeof value === "string" ? value : "");
  const [amounts, setAmounts] = useState(() => ({
    availableStock: initial(fields.availableStock.initialValue),
    issue: initial(fields.issue.initialValue),
    receipt: initial(fields.receipt.initialValue),
  }));
  const preview = closingStockPreview(amounts, mode);
  const negative = preview.startsWith("-");
  const closingErrors =
    fields.closingStock.errors ?? (negative ? [messages.negativeClosingStock] : undefined);
  const closingId = `${form.id}-closing-stock`;
  const quantityProps = { type: "text", inputMode: "decimal", autoComplete: "off" } as const;

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="form rack-form"
      onInput={(event) => {
        const data = new FormData(event.currentTarget);
        setAmounts({
          availableStock: String(data.get("availableStock") ?? ""),
          issue: String(data.get("issue") ?? ""),
          receipt: String(data.get("receipt") ?? ""),
        });
      }}
    >
      <FormError id={form.errorId} errors={form.errors} />
      {mode === "update" ? <input {...getInputProps(fields.version, { type: "hidden" })} /> : null}
      <Field label="Section" id={fields.section.id} errors={fields.section.errors} required>
        <input {...getInputProps(fields.section, { type: "text" })} autoComplete="off" />
      </Field>
      <Field label="Material Name" id={fields.materialName.id} errors={fields.materialName.errors} required>
        <input {...getInputProps(fields.materialName, { type: "text" })} autoComplete="off" />
      </Field>
      <div className="rack-amounts">
        <Field
          label="Available Stock"
          id={fields.availableStock.id}
          errors={fields.availableStock.errors}
          required
        >
          <input {...getInputProps(fields.availableStock, quantityProps)} />
        </Field>
        <Field label="Issue" id={fields.issue.id} errors={fields.issue.errors}>
          <input {...getInputProps(fields.issue, quantityProps)} />
        </Field>
        <Field label="Receipt" id={fields.receipt.id} errors={fields.receipt.errors}>
          <input {...getInputProps(fields.receipt, quantityProps)} />
        </Field>
      </div>
      <div className="field">
        <label htmlFor={closingId}>Closing Stock</label>
        <input
          id={closingId}
          readOnly
          value={preview}
          aria-invalid={closingErrors ? true : undefined}
          aria-describedby={`${closingId}-hint${closingErrors ? ` ${closingId}-error` : ""}`}
        />
        <p className="hint" id={`${closingId}-hint`}>
          Available stock + receipt − issue, computed again on save.
        </p>
        <FieldErrors id={`${closingId}-error`} errors={closingErrors} />
      </div>
      <div className="actions">
        <SubmitButton pendingText={pendingText}>{submitLabel}</SubmitButton>
        <Link to="/about" className="button">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
