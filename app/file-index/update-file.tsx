import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  type FormAnswer,
  type FormReply,
  SCRIPTED_FIELD,
  SCRIPTED_VALUE,
} from "#app/file-index/components.tsx";
import { fileHref, rackHref } from "#app/file-index/hrefs.ts";
import { MAX_FILE_NAME_LENGTH, type RackFile, type RackName } from "#app/file-index/rules.ts";
import { fileUpdateSchema } from "#app/file-index/schema.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { FieldErrors, FormError, SubmitButton } from "#app/ui/form.tsx";
import { useToast } from "#app/ui/toasts.tsx";

// The 'Update File' form, alone on its page (JavaScript off) and in the file index's dialog, which
// the list page fetches only when a file is first opened for update (rackadmin.tsx).

/**
 * The 'Update File' form: read-only File ID, editable File Name. In the dialog it saves through a
 * fetcher and closes on success; on the page it is a plain form (works without JavaScript).
 */
export function UpdateFileForm({
  rackName,
  file,
  lastResult,
  inDialog = false,
  onSaved,
  onCancel,
}: {
  rackName: RackName;
  file: RackFile;
  lastResult?: FormReply;
  inDialog?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { _ } = useLingui();
  const fetcher = useFetcher<FormAnswer & { ok: boolean }>();
  const action = fileHref(rackName, file._id);
  const [form, fields] = useCheckedForm(fileUpdateSchema, {
    id: `update-${file._id}`,
    lastResult: inDialog ? fetcher.data?.result : lastResult,
    // The version the editor was read at; a refused save keeps the one sent (the server says why).
    defaultValue: { name: file.name, version: String(file.version) },
  });
  const toast = inDialog ? fetcher.data?.toast : null;
  useToast(toast && { ...toast, message: _(toast.message) });
  const saved = inDialog && fetcher.state === "idle" && fetcher.data?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close once per successful save
  useEffect(() => {
    if (saved) onSaved?.();
  }, [saved]);
  const FormElement = inDialog ? fetcher.Form : Form;
  const saving = inDialog && fetcher.state !== "idle";
  return (
    <FormElement method="post" action={action} {...getFormProps(form)} className="form">
      {inDialog ? <input type="hidden" name={SCRIPTED_FIELD} value={SCRIPTED_VALUE} /> : null}
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={`${form.id}-file-id`}>{_("File ID")}</label>
        <input id={`${form.id}-file-id`} type="text" value={file.id} readOnly />
      </div>
      <div className="field">
        <label htmlFor={fields.name.id}>
          {_("File Name")}
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={MAX_FILE_NAME_LENGTH}
          autoFocus={inDialog}
        />
        <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="actions">
        {inDialog ? (
          <button type="submit" className="button primary" disabled={saving} aria-busy={saving}>
            {_(saving ? "Updating..." : "Update File")}
          </button>
        ) : (
          <SubmitButton pendingText="Updating..." formAction={action}>
            Update File
          </SubmitButton>
        )}
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {_("Cancel")}
          </button>
        ) : (
          <Link className="button" to={rackHref(rackName)}>
            {_("Cancel")}
          </Link>
        )}
      </div>
    </FormElement>
  );
}

/** The update form over the list (JavaScript only): one dialog for the page, filled per file. */
export function UpdateFileDialog({
  editing,
  onClose,
}: {
  editing: { rackName: RackName; file: RackFile } | null;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (editing && element && !element.open) element.showModal();
  }, [editing]);
  return (
    <dialog ref={dialog} className="dialog file-dialog" aria-labelledby="update-file-title" onClose={onClose}>
      {editing ? (
        <>
          <h2 id="update-file-title">{_("Update File")}</h2>
          <p className="muted">{editing.rackName}</p>
          <UpdateFileForm
            key={`${editing.file._id}:${editing.file.version}`}
            rackName={editing.rackName}
            file={editing.file}
            inDialog
            onSaved={() => dialog.current?.close()}
            onCancel={() => dialog.current?.close()}
          />
        </>
      ) : null}
    </dialog>
  );
}
