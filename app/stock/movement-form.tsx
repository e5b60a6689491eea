import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { type MovementForm, movementFormPath, type StockItemRef, stockCardPath } from "#app/stock/item.ts";
import { formatQuantity, KIND_OF_FORM } from "#app/stock/rules.ts";
import { MAX_REMARK, MAX_TEXT, movementSchema, PARTY_LABEL, QUANTITY_LABEL } from "#app/stock/schema.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";

// The Issue / Receive / Count form: alone on its page without JavaScript, and in one dialog per
// list page with it (the dialog posts to the same page's action, so the server's answer is the
// same; a refusal comes back into the dialog, filled in).

export const FORM_TITLE: Record<MovementForm, string> = {
  issue: "Issue",
  receive: "Receive",
  count: "Stock count",
};

const SUBMIT: Record<MovementForm, [string, string]> = {
  issue: ["Record issue", "Recording..."],
  receive: ["Record receipt", "Recording..."],
  count: ["Record count", "Recording..."],
};

export type MovementItem = { ref: StockItemRef; name: string; inStock: number };

function MovementFields({
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
        <strong>{item.name}</strong> · in stock now: {formatQuantity(item.inStock)}
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
            Cancel
          </button>
        ) : (
          <Link to={cancelHref ?? stockCardPath(item.ref)} className="button">
            Cancel
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

type Opened = { form: MovementForm; item: MovementItem; back: string; key: number };

/**
 * One movement dialog for a whole list page. `open(form, item, back)` shows it and says whether
 * it could (no <dialog> support: the row's link opens the form's page instead). On success the
 * action redirects to `back` (the list as it was) with its toast, and the dialog closes.
 */
export function useMovementDialog(today: string) {
  const ref = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  // The same function on every render, so rows given it can skip re-rendering (memo).
  const open = useCallback((form: MovementForm, item: MovementItem, back: string) => {
    if (!ref.current?.showModal) return false;
    setOpened((previous) => ({ form, item, back, key: (previous?.key ?? 0) + 1 }));
    ref.current.showModal();
    return true;
  }, []);
  const close = () => ref.current?.close();
  // A save redirects back to the list (a new location): the dialog's work is done.
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every new location is the point
  useEffect(() => {
    ref.current?.close();
  }, [location.key]);
  const dialog: ReactNode = (
    <dialog ref={ref} className="dialog movement-dialog" aria-labelledby="movement-dialog-title">
      {opened ? (
        <>
          <h2 id="movement-dialog-title">
            {FORM_TITLE[opened.form]}: {opened.item.name}
          </h2>
          <DialogForm key={opened.key} opened={opened} today={today} onDone={close} />
        </>
      ) : null}
    </dialog>
  );
  return { open, dialog };
}

function DialogForm({ opened, today, onDone }: { opened: Opened; today: string; onDone: () => void }) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>({ key: `movement-${opened.key}` });
  // The answer a post started from: a refusal replaces it; a save redirects and leaves it as it
  // was (a fetcher keeps its last data), which is how the dialog knows it is done.
  const before = useRef<unknown>(null);
  const posting = useRef(false);
  useEffect(() => {
    if (fetcher.state === "submitting" && !posting.current) {
      posting.current = true;
      before.current = fetcher.data;
    } else if (fetcher.state === "idle" && posting.current) {
      posting.current = false;
      if (fetcher.data === before.current) onDone();
    }
  }, [fetcher.state, fetcher.data, onDone]);
  // No second post until the first is done: its answer (a refusal shows at once) is followed by
  // the page's data reloading, and a post sent meanwhile aborts that reload, which leaves the
  // router (@remix-run/router 1.23) holding the fetcher's key as "reloading" after it is gone;
  // the next link then failed with "Expected fetcher: movement-1".
  return (
    <MovementFields
      form={opened.form}
      item={opened.item}
      today={today}
      lastResult={fetcher.data?.result}
      back={opened.back}
      onCancel={onDone}
      FormComponent={fetcher.Form as typeof Form}
      busy={fetcher.state !== "idle"}
    />
  );
}
