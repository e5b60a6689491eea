import { useForm } from "@conform-to/react";
import type { core } from "zod";
import { type FormSchema, parseSubmission } from "#app/ui/form/parse.ts";

// A form checked in the browser by the very schema its action parses with (parseSubmission):
// first on submit, then as the user corrects a field. Without JavaScript the server's check is the
// only one, and the form comes back filled in with its messages (lastResult).

/** The form's values as posted: a record of fields. */
type Input<Schema extends FormSchema> = core.input<Schema> & Record<string, unknown>;

type Options<Schema extends FormSchema> = Omit<
  Parameters<typeof useForm<Input<Schema>, core.output<Schema>, string[]>>[0],
  "onValidate" | "shouldValidate" | "shouldRevalidate"
>;

/** Conform's useForm, validated with `schema`. */
export function useCheckedForm<Schema extends FormSchema>(schema: Schema, options: Options<Schema>) {
  return useForm<Input<Schema>, core.output<Schema>, string[]>({
    ...options,
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
