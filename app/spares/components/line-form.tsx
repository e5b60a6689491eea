import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { type ReactNode, useEffect, useState } from "react";
import { sparesRecord } from "#app/spares/record.ts";
import {
  type Department,
  departmentListPath,
  excessShortFall,
  messages,
  needsOrder,
  orderStatus,
} from "#app/spares/rules.ts";
import { lineSchema, lineUpdateSchema } from "#app/spares/schema.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { RecordFields } from "#app/ui/form/record-fields.tsx";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

// The insert and update forms of an inventory line (the legacy app), the line's inputs drawn from
// its definition (record.ts). One schema drives the browser check and the action. Excess/Short Fall and the Status of Order are outputs, never typed: a live
// preview with JavaScript (from the typed figures, or on update the ledger's balance and the
// minimum); without it the page shows them as saved, and the server derives both from the stock.

export type LineFormValues = Partial<
  Record<
    "srno" | "Assets" | "ComponentsAndEquipments" | "AvailableStock" | "MinStock" | "LeadTime" | "version",
    string
  >
>;

const FORM_END = "form-end";

/** Parses a form the same way in the browser and in the action (app/ui/form/parse.ts). */
export const parseLineForm = (formData: FormData) => parseSubmission(formData, lineSchema);
/** The update form has no available stock: movements change it (issue 17). */
export const parseLineUpdateForm = (formData: FormData) => parseSubmission(formData, lineUpdateSchema);

const toNumber = (value: unknown) => {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
};

export function LineForm({
  id,
  mode,
  department,
  defaultValue,
  lastResult,
  stock,
}: {
  id: string;
  mode: "insert" | "update";
  department: Department;
  defaultValue?: LineFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  /**
   * The update form's available stock: the ledger's balance, shown with what changes it (the
   * Issue / Receive / Count links), never typed over. The insert form types the opening stock.
   */
  stock?: { available: number; shown: ReactNode };
}) {
  const { _ } = useLingui();
  const [form, fields] = useCheckedForm(mode === "update" ? lineUpdateSchema : lineSchema, {
    id,
    lastResult,
    defaultValue,
  });
  // The legacy app: required markers only on the insert form (Lead time has none, yet is required).
  const marked = mode === "insert";
  const available = stock ? stock.available : toNumber(fields.AvailableStock.value);
  const shortfall = excessShortFall(available, toNumber(fields.MinStock.value));

  // The all-fields message once at the top; each empty field is marked where it is.
  const missing = Object.values(form.allErrors).some((list) => list.includes(messages.required));
  const formErrors = [...(form.errors ?? [])];
  if (missing && !formErrors.includes(messages.required)) formErrors.unshift(messages.required);
  const errorsOf = (list?: string[]) =>
    list?.map((error) => (error === messages.required ? "Required." : error));

  return (
    <>
      <p className="actions">
        <ScrollDown />
      </p>
      <Form method="post" {...getFormProps(form)} className="form line-form">
        <FormError id={form.errorId} errors={formErrors} />
        {mode === "update" ? <input {...getInputProps(fields.version, { type: "hidden" })} /> : null}
        <RecordFields
          definition={sparesRecord}
          fields={fields}
          wire
          marks={marked}
          errors={errorsOf}
          replace={
            stock
              ? {
                  availableStock: (
                    <div className="field line-stock">
                      <span className="label">{_("Available stock")}</span>
                      {stock.shown}
                    </div>
                  ),
                }
              : undefined
          }
        />
        <Field
          label="Excess/Short Fall"
          id={`${id}-excess`}
          hint={mode === "insert" ? "Available stock − Min Stock, worked out for you." : undefined}
        >
          {/* Never sent: the server derives it from the two stock figures. */}
          <input id={`${id}-excess`} type="number" value={shortfall} readOnly />
        </Field>
        <Field
          label="Status of Order"
          id={`${id}-status`}
          hint="Worked out from the stock: Order to place when Available stock − Min Stock is 0 or less."
        >
          {/* Never sent: derived from the stock wherever it is shown (rules.ts orderStatusOf). */}
          <output id={`${id}-status`} className={needsOrder(shortfall) ? "status-bad" : "status-ok"}>
            {_(orderStatus(shortfall))}
          </output>
        </Field>
        <div className="actions" id={FORM_END}>
          {mode === "insert" ? (
            <SubmitButton pendingText="Inserting...">Insert</SubmitButton>
          ) : (
            <SubmitButton pendingText="Updating...">Update</SubmitButton>
          )}
          <Link className="button" to={departmentListPath(department)}>
            {_("Cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}

/**
 * 'Scroll Down': a link to the form's end without JavaScript; with it, a button that scrolls there,
 * shown only while the form's end is below the window (on a tall screen the whole form is in view
 * and the button would do nothing: issue 30).
 */
function ScrollDown() {
  const { _ } = useLingui();
  const [hydrated, setHydrated] = useState(false);
  const [below, setBelow] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const measure = () => {
      const end = document.getElementById(FORM_END);
      setBelow(end ? end.getBoundingClientRect().bottom > window.innerHeight : false);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  if (hydrated && !below) return null;
  if (!hydrated) {
    return (
      <a className="button" href={`#${FORM_END}`}>
        {_("Scroll Down")}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="button"
      onClick={() => document.getElementById(FORM_END)?.scrollIntoView({ behavior: "smooth", block: "end" })}
    >
      {_("Scroll Down")}
    </button>
  );
}
