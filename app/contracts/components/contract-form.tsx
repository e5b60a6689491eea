import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { PMS_CHOICES, suggestNextDueDate } from "#app/contracts/rules.ts";
import { type ContractField, contractInsertSchema, contractUpdateSchema } from "#app/contracts/schema.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

type Mode = "insert" | "update";

/**
 * The Insert / Update Equipment Information form (the legacy app "Equipment add"). The next due date is
 * suggested from the last date of checking and the PMS as you type (with JavaScript) and by the
 * server on save when left empty (without it).
 */
export function ContractForm({
  mode,
  lastResult,
  defaultValue,
  version,
}: {
  mode: Mode;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<Record<ContractField, string>>;
  version?: number;
}) {
  const schema = mode === "insert" ? contractInsertSchema : contractUpdateSchema;
  const required = mode === "insert";
  const [form, fields] = useForm({
    id: `contract-${mode}`,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [suggestion, setSuggestion] = useState<string | null>(null);
  // The value last filled in by the suggestion: replaced when the schedule changes, while a date
  // the user typed is left alone.
  const filled = useRef<string | null>(null);

  function onScheduleChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name !== fields.lastCheckedOn.name && target.name !== fields.pms.name) return;
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    const next = suggestNextDueDate(String(data.get("lastCheckedOn") ?? ""), data.get("pms"));
    setSuggestion(next);
    const current = String(data.get("nextDueOn") ?? "");
    if (next && (current === "" || current === filled.current)) {
      filled.current = next;
      form.update({ name: fields.nextDueOn.name, value: next });
    }
  }

  const dateProps = (field: (typeof fields)[ContractField]) => getInputProps(field, { type: "date" });
  return (
    <Form method="post" {...getFormProps(form)} className="form" onChange={onScheduleChange}>
      <FormError id={form.errorId} errors={form.errors} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <div className="form-grid">
        <Field
          label="Equipment"
          id={fields.equipment.id}
          errors={fields.equipment.errors}
          required={required}
        >
          <input {...getInputProps(fields.equipment, { type: "text" })} />
        </Field>
        <Field label="Company" id={fields.company.id} errors={fields.company.errors} required={required}>
          <input {...getInputProps(fields.company, { type: "text" })} />
        </Field>
        <Field
          label="Validity From"
          id={fields.validityFrom.id}
          errors={fields.validityFrom.errors}
          required={required}
        >
          <input {...dateProps(fields.validityFrom)} />
        </Field>
        <Field
          label="Validity To"
          id={fields.validityTo.id}
          errors={fields.validityTo.errors}
          required={required}
        >
          <input {...dateProps(fields.validityTo)} />
        </Field>
        <Field label="PMS" id={fields.pms.id} errors={fields.pms.errors} required={required}>
          <select {...getSelectProps(fields.pms)}>
            <option value="">Select PMS</option>
            {PMS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Vendor Code" id={fields.vendorCode.id} errors={fields.vendorCode.errors}>
          <input {...getInputProps(fields.vendorCode, { type: "text" })} />
        </Field>
        <Field label="Contract Number" id={fields.contractNumber.id} errors={fields.contractNumber.errors}>
          <input {...getInputProps(fields.contractNumber, { type: "text" })} />
        </Field>
        <Field label="Concerned Person" id={fields.concernedPerson.id} errors={fields.concernedPerson.errors}>
          <input {...getInputProps(fields.concernedPerson, { type: "text" })} />
        </Field>
        <Field
          label="Mobile Number"
          id={fields.mobileNumber.id}
          errors={fields.mobileNumber.errors}
          hint="10 digits, or with the country code (+91…)."
        >
          <input {...getInputProps(fields.mobileNumber, { type: "tel" })} autoComplete="off" />
        </Field>
        <Field
          label="Last Date of Checking"
          id={fields.lastCheckedOn.id}
          errors={fields.lastCheckedOn.errors}
        >
          <input {...dateProps(fields.lastCheckedOn)} />
        </Field>
        <Field
          label="Next Due Date"
          id={fields.nextDueOn.id}
          errors={fields.nextDueOn.errors}
          hint={
            suggestion ? (
              <span role="status">Suggested from the PMS: {formatDateGB(suggestion)}</span>
            ) : (
              "Left empty, it is worked out from the last date of checking and the PMS."
            )
          }
        >
          <input {...dateProps(fields.nextDueOn)} />
        </Field>
      </div>
      <div className="actions">
        <SubmitButton pendingText={mode === "insert" ? "Inserting..." : "Updating..."}>
          {mode === "insert" ? "Insert" : "Update"}
        </SubmitButton>
        <Link to="/amc" className="button">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
