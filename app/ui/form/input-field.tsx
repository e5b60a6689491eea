import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "#app/ui/form.tsx";

// Apart from app/ui/form.tsx: Conform's getInputProps comes with helpers of its own (about 1 KB
// gzip), which the list pages that use Field or SubmitButton should not carry.

/**
 * A labelled input of a form's field (useForm's `fields.x`): its id, name, constraints and errors
 * from the field, `attributes` added to the input (min, autoComplete…). `errors` replaces the
 * field's own (a list field whose errors are its items').
 */
export function InputField({
  label,
  field,
  type,
  required,
  hint,
  errors = field.errors,
  ...attributes
}: {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: any form's field
  field: FieldMetadata<any, any, string[]>;
  type: "text" | "number" | "time" | "email" | "tel" | "password" | "date";
  required?: boolean;
  hint?: ReactNode;
  errors?: string[];
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "required">) {
  return (
    <Field label={label} id={field.id} errors={errors} required={required} hint={hint}>
      <input {...getInputProps(field, { type })} {...attributes} />
    </Field>
  );
}
