import { type Submission, useForm } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { core } from "zod";
import { type FormSchema, parseSubmission } from "#app/ui/form/parse.ts";
import { whenIdle } from "#app/ui/idle.ts";

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

/** A form's check in the browser: its schema's parse of the posted data (`parseSubmission`). */
export type FormCheck<Schema extends FormSchema> = (
  formData: FormData,
) => Submission<Input<Schema>, string[], core.output<Schema>>;

/**
 * Conform's useForm, validated by a check fetched when the page is idle: a page whose forms are a
 * small part of it (the file index's insert rows) does not load its schema (zod) before it is
 * shown. Until the check has come, a submit goes to the server, which checks it the same way.
 */
export function useLazyCheckedForm<Schema extends FormSchema>(
  loadCheck: () => Promise<FormCheck<Schema>>,
  options: Options<Schema>,
) {
  const [check, setCheck] = useState<{ run: FormCheck<Schema> }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the check is fetched once per form
  useEffect(() => {
    let mounted = true;
    whenIdle(() => void loadCheck().then((run) => mounted && setCheck({ run })));
    return () => {
      mounted = false;
    };
  }, []);
  return useForm<Input<Schema>, core.output<Schema>, string[]>({
    ...options,
    onValidate: check ? ({ formData }) => check.run(formData) : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
