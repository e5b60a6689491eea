import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { contractRecord } from "#app/contracts/record.ts";
import { suggestNextDueDate } from "#app/contracts/rules.ts";
import { type ContractField, contractInsertSchema, contractUpdateSchema } from "#app/contracts/schema.ts";
import { translateMessage } from "#app/i18n/messages.ts";
import type { Translate } from "#app/i18n/translate.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { RecordFields } from "#app/ui/form/record-fields.tsx";
import { FormError, SubmitButton } from "#app/ui/form.tsx";

type Mode = "insert" | "update";

const FAILED = /^(Failed to add equipment|Failed to update equipment): (.+)$/s;

/**
 * A refused save's message ("Failed to add equipment: Company is required.") in the page's
 * language: its two parts translated each (the problem may be built around a label).
 */
export function failedMessage(_: Translate, message: string): string {
  const parts = FAILED.exec(message);
  if (!parts) return translateMessage(_, message);
  return _("{failed}: {problem}", { failed: _(parts[1]), problem: translateMessage(_, parts[2]) });
}

/**
 * The Insert / Update Equipment Information form (the legacy app "Equipment add"), its inputs drawn
 * from the contract's definition (record.ts): a field added there shows here. The next due date is
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
  const { _ } = useLingui();
  const schema = mode === "insert" ? contractInsertSchema : contractUpdateSchema;
  const [form, fields] = useCheckedForm(schema, { id: `contract-${mode}`, lastResult, defaultValue });
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

  return (
    <Form method="post" {...getFormProps(form)} className="form" onChange={onScheduleChange}>
      <FormError id={form.errorId} errors={form.errors?.map((error) => failedMessage(_, error))} />
      {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
      <div className="form-grid">
        <RecordFields
          definition={contractRecord}
          fields={fields}
          marks={mode === "insert"}
          hints={{
            nextDueOn: suggestion ? (
              <span role="status">
                {_("Suggested from the PMS: {date}", { date: formatDateGB(suggestion) })}
              </span>
            ) : undefined,
          }}
        />
      </div>
      <div className="actions">
        <SubmitButton pendingText={mode === "insert" ? "Inserting..." : "Updating..."}>
          {mode === "insert" ? "Insert" : "Update"}
        </SubmitButton>
        <Link to="/amc" className="button">
          {_("Cancel")}
        </Link>
      </div>
    </Form>
  );
}
