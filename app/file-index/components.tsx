import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher } from "@remix-run/react";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import type { Toast } from "#app/shell/toast-types.ts";
import { useToast } from "#app/shell/toasts.tsx";
import { ConfirmDelete } from "#app/ui/confirm-delete.tsx";
import { FieldErrors, FormError, SubmitButton } from "#app/ui/form.tsx";
import { Highlight } from "#app/ui/search.tsx";
import {
  countFiles,
  MAX_FILE_NAME_LENGTH,
  messages,
  type RackFile,
  type RackName,
  type RackView,
} from "./rules.ts";
import { fileUpdateSchema, newFileSchema } from "./schema.ts";

// The file index's pieces: a rack panel (insert row + table), the update form (in a dialog over
// the list with JavaScript, on its own page without), and the file-name cell with search marks.

/** Sent only by scripted (fetcher) submissions, so the action answers data instead of redirecting. */
export const SCRIPTED_FIELD = "via";
export const SCRIPTED_VALUE = "fetcher";

/** What an insert or update action answers a form: Conform's result plus an optional toast. */
export type FormAnswer = { result: SubmissionResult<string[]>; toast: Toast | null };

export const rackAnchor = (rackName: string) => `rack-${rackName}`;
/** Where to go back to a rack: the list with that rack (and its cupboard) open. */
export const rackHref = (rackName: string) => `/rackadmin?open=${rackName}#${rackAnchor(rackName)}`;
export const fileHref = (rackName: string, fileId: string) => `/rackadmin/racks/${rackName}/${fileId}`;

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function ScriptedMarker() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED_FIELD} value={SCRIPTED_VALUE} /> : null;
}

/**
 * A file name with the rack search's matches marked. Without a rack search, the navbar's ?q=
 * marks apply (the shared Highlight).
 */
export function FileName({ name, query }: { name: string; query: string }) {
  const text = query.trim().toLowerCase();
  if (!text) return <Highlight text={name} />;
  const lower = name.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(text); at !== -1; at = lower.indexOf(text, from)) {
    parts.push(<Fragment key={`t${at}`}>{name.slice(from, at)}</Fragment>);
    parts.push(
      <mark key={`m${at}`} className="search-mark">
        {name.slice(at, at + text.length)}
      </mark>,
    );
    from = at + text.length;
  }
  parts.push(<Fragment key="end">{name.slice(from)}</Fragment>);
  return <>{parts}</>;
}

/** The rack's label: its name and file count ("2 of 5 files" while searching). */
export function rackLabel(view: RackView<unknown>, searching: boolean) {
  return searching && view.total > 0
    ? `${view.matches} of ${countFiles(view.total)}`
    : countFiles(view.total);
}

export function RackPanel({
  view,
  query,
  open,
  lastInsert,
  onUpdate,
}: {
  view: RackView<RackFile>;
  query: string;
  open: boolean;
  lastInsert?: SubmissionResult<string[]>;
  onUpdate: (rackName: RackName, file: RackFile) => void;
}) {
  const searching = query.trim().length > 0;
  return (
    <details className="rack" id={rackAnchor(view.name)} data-rack={view.name} open={open}>
      <summary>
        <span className="rack-name">{view.name}</span>{" "}
        <span className="rack-count">({rackLabel(view, searching)})</span>
      </summary>
      <div className="rack-body">
        <InsertFileRow rackName={view.name} lastResult={lastInsert} />
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Files in {view.name}</caption>
            <thead>
              <tr>
                <th className="num">Sr. No</th>
                <th>Name of the File</th>
                <th>Update</th>
                <th>Delete</th>
              </tr>
            </thead>
            <tbody>
              {view.files.map((file) => (
                <tr key={file._id}>
                  <td className="num">{file.id}</td>
                  <td>
                    <FileName name={file.name} query={query} />
                  </td>
                  <td>
                    <Link
                      to={fileHref(view.name, file._id)}
                      className="button small"
                      aria-label={`Update ${file.name}`}
                      onClick={(event) => {
                        // With JavaScript the form opens over the list; the link is the fallback.
                        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        onUpdate(view.name, file);
                      }}
                    >
                      Update
                    </Link>
                  </td>
                  <td>
                    <ConfirmDelete
                      href={`${fileHref(view.name, file._id)}/delete`}
                      question={messages.deleteQuestion}
                      itemName={file.name}
                    />
                  </td>
                </tr>
              ))}
              {view.files.length === 0 ? (
                <tr>
                  <td colSpan={4} className="empty">
                    {view.total === 0 ? messages.noFiles : messages.noMatches}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </div>
    </details>
  );
}

/**
 * The insert row of one rack. With JavaScript each rack has its own fetcher, so several racks save
 * independently and the page does not reload; without, it is a plain POST (intent + rack name).
 */
function InsertFileRow({
  rackName,
  lastResult,
}: {
  rackName: RackName;
  lastResult?: SubmissionResult<string[]>;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useForm({
    id: `insert-${rackName}`,
    lastResult: fetcher.data?.result ?? lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newFileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useToast(fetcher.data?.toast);
  const saving = fetcher.state !== "idle";
  const { key: idKey, ...idInput } = getInputProps(fields.id, { type: "number" });
  const { key: nameKey, ...nameInput } = getInputProps(fields.name, { type: "text" });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      // Our messages, not the browser's, with JavaScript and without.
      noValidate
      className="insert-row"
      aria-label={`Insert a file into ${rackName}`}
    >
      <input type="hidden" name="intent" value="insert" />
      <input type="hidden" name="rackName" value={rackName} />
      <ScriptedMarker />
      <div className="insert-fields">
        <label className="insert-field">
          <span className="visually-hidden">File ID</span>
          <input
            {...idInput}
            key={idKey}
            inputMode="numeric"
            step={1}
            placeholder="File ID"
            aria-label="File ID"
          />
        </label>
        <label className="insert-field grow">
          <span className="visually-hidden">New file name</span>
          <input {...nameInput} key={nameKey} placeholder="New file name" aria-label="New file name" />
        </label>
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving}>
          {saving ? "Inserting..." : "Insert"}
        </button>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <FieldErrors id={fields.id.errorId} errors={fields.id.errors} />
      <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
    </fetcher.Form>
  );
}

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
  lastResult?: SubmissionResult<string[]>;
  inDialog?: boolean;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const fetcher = useFetcher<FormAnswer & { ok: boolean }>();
  const action = fileHref(rackName, file._id);
  const [form, fields] = useForm({
    id: `update-${file._id}`,
    lastResult: inDialog ? fetcher.data?.result : lastResult,
    defaultValue: { name: file.name, version: String(file.version) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fileUpdateSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useToast(inDialog ? fetcher.data?.toast : null);
  const saved = inDialog && fetcher.state === "idle" && fetcher.data?.ok === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close once per successful save
  useEffect(() => {
    if (saved) onSaved?.();
  }, [saved]);
  const FormElement = inDialog ? fetcher.Form : Form;
  const saving = inDialog && fetcher.state !== "idle";
  const { key: nameKey, ...nameInput } = getInputProps(fields.name, { type: "text" });
  const { key: versionKey, ...versionInput } = getInputProps(fields.version, { type: "hidden" });
  return (
    <FormElement method="post" action={action} {...getFormProps(form)} noValidate className="form">
      {inDialog ? <input type="hidden" name={SCRIPTED_FIELD} value={SCRIPTED_VALUE} /> : null}
      <input {...versionInput} key={versionKey} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={`${form.id}-file-id`}>File ID</label>
        <input id={`${form.id}-file-id`} type="text" value={file.id} readOnly />
      </div>
      <div className="field">
        <label htmlFor={fields.name.id}>
          File Name
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input {...nameInput} key={nameKey} maxLength={MAX_FILE_NAME_LENGTH} autoFocus={inDialog} />
        <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="actions">
        {inDialog ? (
          <button type="submit" className="button primary" disabled={saving} aria-busy={saving}>
            {saving ? "Updating..." : "Update File"}
          </button>
        ) : (
          <SubmitButton pendingText="Updating..." formAction={action}>
            Update File
          </SubmitButton>
        )}
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link className="button" to={rackHref(rackName)}>
            Cancel
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (editing && element && !element.open) element.showModal();
  }, [editing]);
  return (
    <dialog ref={dialog} className="dialog file-dialog" aria-labelledby="update-file-title" onClose={onClose}>
      {editing ? (
        <>
          <h2 id="update-file-title">Update File</h2>
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
