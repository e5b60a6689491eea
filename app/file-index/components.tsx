import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { fileHref, rackAnchor } from "#app/file-index/hrefs.ts";
import { sendsRackFiles, withRackOpen } from "#app/file-index/list.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { countFiles, messages, type RackFile, type RackName, type RackView } from "#app/file-index/rules.ts";
import type { newFileSchema } from "#app/file-index/schema.ts";
import { fromWire, listColumns } from "#app/lib/record.ts";
import type { Toast } from "#app/lib/toast-types.ts";
import { type FormCheck, useLazyCheckedForm } from "#app/ui/form/checked-form.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FieldErrors, FormError } from "#app/ui/form.tsx";
import { useHydrated } from "#app/ui/hydrated.ts";
import { RecordCells } from "#app/ui/list/record-cells.tsx";
import { useToast } from "#app/ui/toasts.tsx";

// The file index's pieces: a rack panel (insert row + table); the update form is update-file.tsx
// (in a dialog over the list with JavaScript, on its own page without). Both forms check with the
// same schema in the browser and the action (app/ui/form/parse.ts).

export type FormReply = SubmissionResult<string[]>;

/** Sent only by scripted (fetcher) submissions, so the action answers data instead of redirecting. */
export const SCRIPTED_FIELD = "via";
export const SCRIPTED_VALUE = "fetcher";

/** What an insert or update action answers a form: Conform's result plus an optional toast. */
export type FormAnswer = { result: FormReply; toast: Toast | null };

function ScriptedMarker() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED_FIELD} value={SCRIPTED_VALUE} /> : null;
}

/** The rack's label: its name and file count ("2 of 5 files" while searching). */
export function rackLabel(view: RackView<unknown>, searching: boolean) {
  return searching && view.total > 0
    ? `${view.matches} of ${countFiles(view.total)}`
    : countFiles(view.total);
}

export function RackPanel({
  view,
  q,
  open,
  lastInsert,
  onUpdate,
  askToDelete,
  header,
  mayChange,
}: {
  view: RackView<RackFile>;
  q: string;
  open: boolean;
  lastInsert?: FormReply;
  /** Opens the page's update dialog for a file; false when it cannot (no JavaScript yet). */
  onUpdate: (rackName: RackName, file: RackFile) => boolean;
  askToDelete: (href: string) => boolean;
  /** The table's head row (sortable headers, the same for every rack). */
  header: ReactNode;
  /** False for a role that may only read the index: no insert row, no Update or Delete. */
  mayChange: boolean;
}) {
  const searching = q.length > 0;
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const showFilesHref = withRackOpen(location.search, view.name);
  return (
    <details
      className="rack"
      id={rackAnchor(view.name)}
      data-rack={view.name}
      open={open}
      // With JavaScript, opening a rack whose files were not sent fetches them in place; without,
      // the rack shows the link below.
      onToggle={(event) => {
        if (!event.currentTarget.open) return;
        // From the address being loaded, if any, so racks opened in quick succession all stay open.
        const pending = navigation.location?.pathname === "/rackadmin" ? navigation.location.search : null;
        const search = pending ?? location.search;
        // Put the rack in the address even when it was sent (empty), so a file inserted into it
        // shows after the save's reload.
        if (sendsRackFiles(search, view.name)) return;
        // No #anchor: the rack is where the user just clicked, so the page stays where it is.
        navigate(withRackOpen(search, view.name).split("#")[0], { replace: true, preventScrollReset: true });
      }}
    >
      <summary>
        <span className="rack-name">{view.name}</span>{" "}
        <span className="rack-count">({rackLabel(view, searching)})</span>
      </summary>
      <div className="rack-body">
        {mayChange ? <InsertFileRow rackName={view.name} lastResult={lastInsert} /> : null}
        {view.loaded ? (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Files in {view.name}</caption>
              <thead>{header}</thead>
              <tbody>
                {view.files.length === 0 ? (
                  <tr>
                    <td colSpan={listColumns(fileRecord).length + 2} className="empty">
                      {view.total === 0 ? messages.noFiles : messages.noMatches}
                    </td>
                  </tr>
                ) : (
                  view.files.map((file) => (
                    <FileLine
                      key={file._id}
                      rackName={view.name}
                      file={file}
                      q={q}
                      onUpdate={onUpdate}
                      askToDelete={askToDelete}
                      mayChange={mayChange}
                    />
                  ))
                )}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rack-files-link">
            <Link to={showFilesHref} replace preventScrollReset>
              Show the {countFiles(view.total)} in {view.name}
            </Link>
          </p>
        )}
      </div>
    </details>
  );
}

/**
 * One file: Sr. No and name (the search's matches marked), Update (the Update File page without
 * JavaScript, the page's dialog with it) and Delete (the confirmation page, or the dialog).
 */
function FileLine({
  rackName,
  file,
  q,
  onUpdate,
  askToDelete,
  mayChange,
}: {
  rackName: RackName;
  file: RackFile;
  q: string;
  onUpdate: (rackName: RackName, file: RackFile) => boolean;
  askToDelete: (href: string) => boolean;
  mayChange: boolean;
}) {
  const href = fileHref(rackName, file._id);
  const plainClick = (event: MouseEvent) =>
    event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey);
  return (
    <tr>
      <RecordCells definition={fileRecord} row={fromWire(fileRecord, file)} q={q} />
      {mayChange ? (
        <>
          <td>
            <Link
              to={href}
              className="button small"
              aria-label={`Update ${file.name}`}
              onClick={(event) => {
                if (plainClick(event) && onUpdate(rackName, file)) event.preventDefault();
              }}
            >
              Update
            </Link>
          </td>
          <td>
            <Link
              to={`${href}/delete`}
              className="button danger small"
              aria-label={`Delete ${file.name}`}
              onClick={(event) => {
                if (plainClick(event) && askToDelete(`${href}/delete`)) event.preventDefault();
              }}
            >
              Delete
            </Link>
          </td>
        </>
      ) : null}
    </tr>
  );
}

/** The insert row's check (its schema, with zod), fetched when the page is idle. */
const loadNewFileCheck = (): Promise<FormCheck<typeof newFileSchema>> =>
  import("#app/file-index/schema.ts").then(
    ({ newFileSchema }) =>
      (formData) =>
        parseSubmission(formData, newFileSchema),
  );

/**
 * The insert row of one rack. With JavaScript each rack has its own fetcher, so several racks save
 * independently and the page does not reload; without, it is a plain POST (intent + rack name).
 */
function InsertFileRow({ rackName, lastResult }: { rackName: RackName; lastResult?: FormReply }) {
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useLazyCheckedForm(loadNewFileCheck, {
    id: `insert-${rackName}`,
    // A saved insert answers `resetForm`, which empties the row for the next file.
    lastResult: fetcher.data?.result ?? lastResult,
  });
  useToast(fetcher.data?.toast);
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
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
            {...getInputProps(fields.id, { type: "number" })}
            inputMode="numeric"
            step={1}
            placeholder="File ID"
            aria-label="File ID"
          />
        </label>
        <label className="insert-field grow">
          <span className="visually-hidden">New file name</span>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            placeholder="New file name"
            aria-label="New file name"
          />
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
