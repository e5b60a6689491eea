import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useField,
} from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { translateMessages } from "#app/i18n/messages.ts";
import type { InputDef } from "#app/sop/engine/types.ts";
import { Field, FieldErrors } from "#app/ui/form.tsx";

// One input of a format, by kind. Inputs carry no `required`/`min` attributes: without JavaScript
// the browser's own validation would block the post, and the server's messages are the clear ones.

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export function Control({ input, meta, label }: { input: InputDef; meta: Meta; label?: string }) {
  const { _ } = useLingui();
  const named = label ? { "aria-label": label } : {};
  const aria = input.required ? { ...named, "aria-required": true as const } : named;
  switch (input.kind) {
    case "textarea":
      return <textarea {...getTextareaProps(meta)} {...aria} rows={2} maxLength={input.max ?? 1000} />;
    case "date":
    case "time":
      return <input {...getInputProps(meta, { type: input.kind })} {...aria} />;
    case "datetime":
      return <input {...getInputProps(meta, { type: "datetime-local" })} {...aria} />;
    case "number":
    case "count":
      return (
        <input
          {...getInputProps(meta, { type: "number" })}
          {...aria}
          step="any"
          inputMode={input.kind === "count" ? "numeric" : "decimal"}
        />
      );
    case "choice":
      return (
        <select {...getSelectProps(meta)} {...aria}>
          {input.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {_(choice.label)}
            </option>
          ))}
        </select>
      );
    case "tick":
      return <input {...getInputProps(meta, { type: "checkbox" })} {...aria} className="tick" />;
    case "yesno":
      return (
        <div role="radiogroup" aria-label={label ?? _(input.label)} className="yesno" id={meta.id}>
          {["Yes", "No"].map((value) => (
            <label key={value}>
              <input {...getInputProps(meta, { type: "radio", value })} id={`${meta.id}-${value}`} />{" "}
              {_(value)}
            </label>
          ))}
        </div>
      );
    default:
      return <input {...getInputProps(meta, { type: "text" })} {...aria} maxLength={input.max ?? 200} />;
  }
}

/** A labelled input (header and footer fields). */
export function LabelledInput({ input, name }: { input: InputDef; name: string }) {
  const [meta] = useField<unknown>(name);
  const { _ } = useLingui();
  return (
    <Field
      label={input.label}
      id={meta.id}
      errors={translateMessages(_, meta.errors)}
      required={Boolean(input.required)}
    >
      <Control input={input} meta={meta as Meta} />
    </Field>
  );
}

/** An input in a table cell, named for screen readers ("Lorry number, row 2", in the page's language). */
export function CellInput({ input, name, label }: { input: InputDef; name: string; label: string }) {
  const [meta] = useField<unknown>(name);
  const { _ } = useLingui();
  return (
    <>
      <Control input={input} meta={meta as Meta} label={label} />
      <FieldErrors id={meta.errorId} errors={translateMessages(_, meta.errors)} />
    </>
  );
}
