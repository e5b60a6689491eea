import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Fragment, type ReactNode } from "react";
import {
  type AnyRecordDefinition,
  type FieldName,
  type FormField,
  formFields,
  wireName,
} from "#app/lib/record.ts";
import { Field } from "#app/ui/form.tsx";

// A record type's form inputs drawn from its definition (app/lib/record.ts formFields): each
// field's label, input, hint, required mark and errors, in field order, so a field added to the
// definition shows on its form. A page replaces the few it draws itself (`replace`).

/** Conform's fields of the form, by input name. */
// biome-ignore lint/suspicious/noExplicitAny: any form's fields, whatever their schema
type FormFields = Record<string, FieldMetadata<any, any, string[]>>;

export function RecordFields<R extends AnyRecordDefinition>({
  definition,
  fields,
  marks = true,
  wire = false,
  hints,
  replace,
  errors = (list) => list,
}: {
  definition: R;
  fields: FormFields;
  /** Whether this form marks required fields (*): the insert forms do, some update forms not. */
  marks?: boolean;
  /** The inputs carry the fields' legacy wire names (the spares forms). */
  wire?: boolean;
  /** A hint the page works out (a suggestion), in place of the definition's. */
  hints?: Partial<Record<FieldName<R>, ReactNode>>;
  /** What the page draws in a field's place (null: nothing). */
  replace?: Partial<Record<FieldName<R>, ReactNode>>;
  /** How the form words a field's errors. */
  errors?: (list: string[] | undefined) => string[] | undefined;
}) {
  return (
    <>
      {formFields(definition).map((input) =>
        replace && Object.hasOwn(replace, input.name) ? (
          <Fragment key={input.name}>{replace[input.name]}</Fragment>
        ) : (
          <RecordField
            key={input.name}
            input={input}
            field={fields[wire ? wireName(definition, input.name) : input.name]}
            marked={marks && input.marked}
            hint={hints?.[input.name] ?? input.hint}
            errors={errors}
          />
        ),
      )}
    </>
  );
}

/** One field of a record's form: its label, input, hint, mark and errors. */
export function RecordField({
  input,
  field,
  marked,
  hint,
  errors = (list) => list,
}: {
  input: FormField;
  // biome-ignore lint/suspicious/noExplicitAny: any form's field
  field: FieldMetadata<any, any, string[]>;
  marked: boolean;
  hint?: ReactNode;
  errors?: (list: string[] | undefined) => string[] | undefined;
}) {
  // The label, hint and errors are shown in the page's language by Field; the choices here.
  const { _ } = useLingui();
  return (
    <Field label={input.label} id={field.id} errors={errors(field.errors)} required={marked} hint={hint}>
      {input.type === "select" ? (
        <select {...getSelectProps(field)}>
          {input.empty === undefined ? null : <option value="">{_(input.empty)}</option>}
          {input.options.map(([value, label]) => (
            <option key={value} value={value}>
              {_(label)}
            </option>
          ))}
        </select>
      ) : (
        <input {...getInputProps(field, { type: input.type })} {...input.attributes} />
      )}
    </Field>
  );
}
