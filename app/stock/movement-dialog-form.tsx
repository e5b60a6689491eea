import type { SubmissionResult } from "@conform-to/react";
import { type Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { MovementDialogOpened as Opened } from "#app/stock/item.ts";
import { MovementFields } from "#app/stock/movement-form.tsx";

// The movement dialog's form, fetched when a list page's dialog first needs it (movement-dialog.tsx):
// the form's validation (Conform and the movement schema) is not part of the list page's own load.
export default function DialogForm({
  opened,
  today,
  onDone,
}: {
  opened: Opened;
  today: string;
  onDone: () => void;
}) {
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
