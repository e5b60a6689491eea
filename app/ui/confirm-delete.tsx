import { useLingui } from "@lingui/react";
import { Form, Link } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { SubmitButton } from "#app/ui/form.tsx";

/** The wording of a confirmation other than a delete's (an import's undo, say): English, shown in
 * the page's language, as are the question and the label. */
export type ConfirmWords = { confirm: string; pending: string; dialogLabel: string };
const DELETE_WORDS: ConfirmWords = {
  confirm: "Yes, delete",
  pending: "Deleting...",
  dialogLabel: "Confirm delete",
};

/**
 * Delete with confirmation. Without JavaScript it is a link to the confirmation page at `href`
 * (whose action deletes); with JavaScript the same link opens a dialog that posts to that page.
 */
export function ConfirmDelete({
  href,
  question,
  label = "Delete",
  itemName,
  words = DELETE_WORDS,
}: {
  href: string;
  question: string;
  label?: string;
  itemName?: string;
  words?: ConfirmWords;
}) {
  const { _ } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Link
        to={href}
        className="button danger small"
        aria-label={itemName ? `${_(label)} ${itemName}` : _(label)}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {_(label)}
      </Link>
      <dialog ref={dialog} className="dialog" aria-label={_(words.dialogLabel)}>
        <ConfirmDeleteForm
          href={href}
          question={question}
          onCancel={() => dialog.current?.close()}
          words={words}
        />
      </dialog>
    </>
  );
}

/** The question and its buttons: inside the dialog, and alone on the confirmation page. */
export function ConfirmDeleteForm({
  href,
  question,
  onCancel,
  cancelHref,
  words = DELETE_WORDS,
}: {
  href: string;
  question: string;
  onCancel?: () => void;
  cancelHref?: string;
  words?: ConfirmWords;
}) {
  const { _ } = useLingui();
  return (
    <Form method="post" action={href} className="confirm-delete" onSubmit={() => onCancel?.()}>
      <p>{_(question)}</p>
      <div className="actions">
        <SubmitButton className="button danger" pendingText={words.pending} formAction={href}>
          {words.confirm}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {_("Cancel")}
          </button>
        ) : (
          <Link className="button" to={cancelHref ?? "/home"}>
            {_("Cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * One confirmation dialog for a whole page of rows (not one per row: the big tables stay light).
 * `ask(href)` opens it for the delete page at `href` and says whether it could (no <dialog>
 * support: the link's own confirmation page asks instead); render `dialog` once in the page.
 */
export function useDeleteDialog(question: string) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const [href, setHref] = useState<string | null>(null);
  // The same function on every render, so rows given it can skip re-rendering (memo).
  const ask = useCallback((target: string) => {
    if (!ref.current?.showModal) return false;
    setHref(target);
    ref.current.showModal();
    return true;
  }, []);
  const dialog = (
    <dialog ref={ref} className="dialog" aria-label={_("Confirm delete")}>
      {href ? (
        <ConfirmDeleteForm href={href} question={question} onCancel={() => ref.current?.close()} />
      ) : null}
    </dialog>
  );
  return { ask, dialog };
}

/**
 * A row's Delete: a link to the confirmation page at `href`; with JavaScript, `ask` (the page's
 * useDeleteDialog) asks in its dialog instead.
 */
export function DeleteLink({
  href,
  ask,
  label,
  className = "button danger small",
}: {
  href: string;
  ask: (href: string) => boolean;
  /** The link's accessible name, naming the row ("Delete line 7"). */
  label?: string;
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (ask(href)) event.preventDefault();
      }}
    >
      {_("Delete")}
    </a>
  );
}
