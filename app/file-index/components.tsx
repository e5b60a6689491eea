import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { Link, useFetcher, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { fileHref, rackAnchor } from "#app/file-index/hrefs.ts";
import { sendsRackFiles, withRackOpen } from "#app/file-index/list.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { messages, type RackFile, type RackName, type RackView } from "#app/file-index/rules.ts";
import type { newFileSchema } from "#app/file-index/schema.ts";
import { translateMessage } from "#app/i18n/messages.ts";
import type { Translate } from "#app/i18n/translate.ts";
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

const FAILED = /^(Error inserting file|Error deleting file): (.+)$/s;
const DUPLICATE = /^File ID (\d+) is already used in (\S+)\.$/;

/**
 * A save's message in the page's language: "Error inserting file: File ID 7 is already used in
 * Rack1A." is its two parts, each translated (the number and the rack kept).
 */
export function fileMessage(_: Translate, message: string): string {
  const failed = FAILED.exec(message);
  if (failed) return _("{failed}: {problem}", { failed: _(failed[1]), problem: fileMessage(_, failed[2]) });
  const duplicate = DUPLICATE.exec(message);
  if (duplicate)
    return _("File ID {number} is already used in {rack}.", { number: duplicate[1], rack: duplicate[2] });
  return translateMessage(_, message);
}

/** Where a message names a rack: filled in after translating, so the code is marked as kept. */
const RACK_SLOT = "\uE000";

/** A message naming a rack, its code (as the cupboard is labelled) kept as it is in every language. */
function namingRack(text: string, rack: string) {
  const [before, after] = text.split(RACK_SLOT);
  return (
    <>
      {before}
      <span translate="no">{rack}</span>
      {after}
    </>
  );
}

/** Sent only by scripted (fetcher) submissions, so the action answers data instead of redirecting. */
export const SCRIPTED_FIELD = "via";
export const SCRIPTED_VALUE = "fetcher";

/** What an insert or update action answers a form: Conform's result plus an optional toast. */
export type FormAnswer = { result: FormReply; toast: Toast | null };

function ScriptedMarker() {
  return useHydrated() ? <input type="hidden" name={SCRIPTED_FIELD} value={SCRIPTED_VALUE} /> : null;
}

/**
 * A rack's or cupboard's count in the page's language: "5 files", or "2 of 5 files" while a search
 * finds `matches` of them.
 */
export function filesCount(_: Translate, total: number, matches: number | null) {
  return matches !== null && total > 0
    ? _("{matches} of {total, plural, one {# file} other {# files}}", { matches, total })
    : _("{total, plural, one {# file} other {# files}}", { total });
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
  const { _ } = useLingui();
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
        <span className="rack-count">({filesCount(_, view.total, searching ? view.matches : null)})</span>
      </summary>
      <div className="rack-body">
        {mayChange ? <InsertFileRow rackName={view.name} lastResult={lastInsert} /> : null}
        {view.loaded ? (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{_("Files in {rack}", { rack: view.name })}</caption>
              <thead>{header}</thead>
              <tbody>
                {view.files.length === 0 ? (
                  <tr>
                    <td colSpan={listColumns(fileRecord).length + 2} className="empty">
                      {_(view.total === 0 ? messages.noFiles : messages.noMatches)}
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
              {namingRack(
                _("Show the {total, plural, one {# file} other {# files}} in {rack}", {
                  total: view.total,
                  rack: RACK_SLOT,
                }),
                view.name,
              )}
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
  const { _ } = useLingui();
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
              aria-label={_("Update {name}", { name: file.name })}
              onClick={(event) => {
                if (plainClick(event) && onUpdate(rackName, file)) event.preventDefault();
              }}
            >
              {_("Update")}
            </Link>
          </td>
          <td>
            <Link
              to={`${href}/delete`}
              className="button danger small"
              aria-label={_("Delete {name}", { name: file.name })}
              onClick={(event) => {
                if (plainClick(event) && askToDelete(`${href}/delete`)) event.preventDefault();
              }}
            >
              {_("Delete")}
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
  const { _ } = useLingui();
  const fetcher = useFetcher<FormAnswer>();
  const [form, fields] = useLazyCheckedForm(loadNewFileCheck, {
    id: `insert-${rackName}`,
    // A saved insert answers `resetForm`, which empties the row for the next file.
    lastResult: fetcher.data?.result ?? lastResult,
  });
  const toast = fetcher.data?.toast;
  useToast(toast && { ...toast, message: fileMessage(_, toast.message) });
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="insert-row"
      aria-label={_("Insert a file into {rack}", { rack: rackName })}
    >
      <input type="hidden" name="intent" value="insert" />
      <input type="hidden" name="rackName" value={rackName} />
      <ScriptedMarker />
      <div className="insert-fields">
        <label className="insert-field">
          <span className="visually-hidden">{_("File ID")}</span>
          <input
            {...getInputProps(fields.id, { type: "number" })}
            inputMode="numeric"
            step={1}
            placeholder={_("File ID")}
            aria-label={_("File ID")}
          />
        </label>
        <label className="insert-field grow">
          <span className="visually-hidden">{_("New file name")}</span>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            placeholder={_("New file name")}
            aria-label={_("New file name")}
          />
        </label>
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving}>
          {_(saving ? "Inserting..." : "Insert")}
        </button>
      </div>
      <FormError id={form.errorId} errors={form.errors?.map((error) => fileMessage(_, error))} />
      <FieldErrors id={fields.id.errorId} errors={fields.id.errors} />
      <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
    </fetcher.Form>
  );
}
