import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FieldProblems } from "./rules.ts";

// The file index's forms without Conform and zod in the browser (architecture.md budgets: their
// ~32 KB gzip was a quarter of the Admin Racks page's JavaScript). The server still parses with
// Conform and answers `submission.reply()`; this reads that answer (errors by field, the values
// sent, or `initialValue: null` to clear the form) and runs rules.ts's checks before a submit, so
// bad input is stopped in the browser with the same messages the server would give.

export type FormReply = SubmissionResult<string[]>;
type Field = "id" | "name";

function problemsOf(reply: FormReply | undefined): FieldProblems {
  const problems: FieldProblems = {};
  for (const [field, messages] of Object.entries(reply?.error ?? {})) {
    if (messages?.length) problems[field as keyof FieldProblems] = messages;
  }
  return problems;
}

const hasProblems = (problems: FieldProblems) => Object.values(problems).some((list) => list?.length);

/**
 * A form checked by `check` before each submit and, after the first, as the user types (what
 * Conform's onSubmit/onInput did). `reply` is the server's latest answer; `initial` the answer the
 * page was rendered with (no JavaScript: its values refill the fields).
 */
export function useFileForm({
  id,
  reply,
  initial,
  check,
}: {
  id: string;
  reply?: FormReply;
  initial?: FormReply;
  check: (form: FormData) => FieldProblems;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblems>(() => problemsOf(reply));
  const checking = useRef(false);

  // A new answer from the server: show its errors; a saved insert clears the row for the next file.
  const seen = useRef(reply);
  useEffect(() => {
    if (reply === seen.current) return;
    seen.current = reply;
    setProblems(problemsOf(reply));
    if (reply && reply.initialValue === null) {
      ref.current?.reset();
      checking.current = false;
    }
  }, [reply]);

  const values = (initial?.initialValue ?? {}) as Record<string, unknown>;
  const errorId = (field: Field | "") => `${id}-${field || "form"}-error`;
  return {
    form: {
      ref,
      id,
      // Our messages, not the browser's, with JavaScript and without.
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const found = check(new FormData(event.currentTarget));
        checking.current = true;
        setProblems(found);
        if (hasProblems(found)) event.preventDefault();
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        if (checking.current) setProblems(check(new FormData(event.currentTarget)));
      },
    },
    /** The form's own errors (`FormError` props). */
    formErrors: { id: errorId(""), errors: problems[""] },
    /** A field's input props: name, id, the value the server got back (else `fallback`), errors. */
    field(name: Field, fallback?: string) {
      const invalid = Boolean(problems[name]?.length || problems[""]?.length);
      const value = values[name];
      return {
        name,
        id: `${id}-${name}`,
        defaultValue: typeof value === "string" ? value : fallback,
        "aria-invalid": invalid || undefined,
        "aria-describedby": problems[name]?.length
          ? errorId(name)
          : problems[""]?.length
            ? errorId("")
            : undefined,
      };
    },
    /** A field's errors (`FieldErrors` props). */
    fieldErrors: (name: Field) => ({ id: errorId(name), errors: problems[name] }),
  };
}
