import { randomUUID } from "node:crypto";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { db } from "#app/db/client.server.ts";
import { filesCount, RackPanel, SCRIPTED_FIELD, SCRIPTED_VALUE } from "#app/file-index/components.tsx";
import fileIndexCss from "#app/file-index/file-index.css?url";
import { rackHref } from "#app/file-index/hrefs.ts";
import { FILE_LIST_DEFAULTS, racksInView, racksToLoad, readFileView } from "#app/file-index/list.ts";
import { insertFiles, searchRackFiles } from "#app/file-index/queries.server.ts";
import { fileRecord } from "#app/file-index/record.ts";
import {
  CUPBOARDS,
  cupboardOf,
  cupboardToOpen,
  duplicateMessage,
  findCupboard,
  isRackName,
  messages,
  type RackFile,
  type RackName,
  type RackView,
} from "#app/file-index/rules.ts";
import { newFileSchema } from "#app/file-index/schema.ts";
import { invariantResponse, readForm } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { Toast } from "#app/lib/toast-types.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { FormError } from "#app/ui/form.tsx";
import { useHydrated } from "#app/ui/hydrated.ts";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, type ListView } from "#app/ui/list/list-view.tsx";
import { HeadCells } from "#app/ui/list/page.tsx";
import { RecordHeads } from "#app/ui/list/record-cells.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// Admin Racks (the legacy app): the file index of two cupboards of four racks, a server-side list
// (docs/architecture.md "Lists", app/file-index/list.ts): ?q= searches every rack in PostgreSQL
// and opens the racks that match (and the first cupboard holding one); ?rack= narrows the index
// to a cupboard or a rack; ?sort=&dir= orders each rack; ?open= names the rack to show open (where
// a save without JavaScript comes back to). No paging (list.ts says why). Rows are React; one
// update dialog and one delete dialog serve every row.

// The update dialog (its form and schema) is fetched when a file is first opened for update, not
// with the page, whose insert rows and tables are what a terminal must draw first.
const UpdateFileDialog = lazy(() =>
  import("#app/file-index/update-file.lazy.ts").then((module) => ({ default: module.UpdateFileDialog })),
);

export const meta = pageTitle("Admin Racks");
// A list with its own search box: the navbar leaves its own out (README difference 18).
export const handle = listHandle;
export const links = stylesheet(fileIndexCss);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "fileIndex");
  const view = readFileView(new URL(request.url).searchParams);
  const groups = racksInView(view.rack);
  try {
    const racks = await searchRackFiles(
      db,
      groups.flatMap((group) => group.racks),
      view,
      racksToLoad(view),
    );
    return { racks, view, error: null };
  } catch (error) {
    logError(request, error);
    return data({ racks: [] as RackView<RackFile>[], view, error: messages.racksFailed }, { status: 500 });
  }
}

const toastOf = (type: Toast["type"], message: string): Toast => ({ type, message, id: randomUUID() });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "fileIndex");
  const form = await readForm(request);
  const rackName = form.get("rackName");
  invariantResponse(form.get("intent") === "insert", "Unknown action.");
  invariantResponse(isRackName(rackName), messages.invalidRackOrId);
  const scripted = form.get(SCRIPTED_FIELD) === SCRIPTED_VALUE;

  const submission = parseSubmission(form, newFileSchema);
  if (submission.status !== "success")
    return data({ rackName, result: submission.reply(), toast: null }, { status: 400 });

  const refused = (reason: string, status: number) => {
    const message = `${messages.insertFailed}: ${reason}`;
    return data(
      { rackName, result: submission.reply({ formErrors: [message] }), toast: toastOf("error", message) },
      { status },
    );
  };
  let outcome: Awaited<ReturnType<typeof insertFiles>>;
  try {
    outcome = await insertFiles(db, rackName, [submission.value], user.id);
  } catch (error) {
    logError(request, error);
    return refused("Something went wrong", 500);
  }
  if (!outcome.ok) return refused(duplicateMessage(rackName, outcome.fileNumber), 409);

  if (!scripted)
    return redirectWithToast(rackHref(rackName), { type: "success", message: messages.inserted });
  return {
    rackName,
    result: submission.reply({ resetForm: true }),
    toast: toastOf("success", messages.inserted),
  };
}

export default function RackAdminPage() {
  const { _ } = useLingui();
  const { racks, view, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<{ rackName: RackName; file: RackFile } | null>(null);
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  const mayChange = useCan()("fileIndex");
  const onUpdate = (rackName: RackName, file: RackFile) => {
    if (!hydrated) return false;
    setEditing({ rackName, file });
    return true;
  };

  const searching = view.q.length > 0;
  const matches = racks.reduce((sum, rack) => sum + rack.matches, 0);
  // What opens: the rack named by a refused insert or last by ?open=, else the search's hits, else
  // the one rack the filter names.
  const shownRack = actionData?.rackName ?? view.openRacks.at(-1) ?? null;
  const filteredRack = isRackName(view.rack) ? view.rack : null;
  const openCupboard = shownRack
    ? cupboardOf(shownRack)
    : searching
      ? cupboardToOpen(racks)
      : filteredRack
        ? cupboardOf(filteredRack)
        : (findCupboard(view.rack) ?? null);
  const rackOpen = (rack: RackView<RackFile>) =>
    rack.name === shownRack ||
    view.openRacks.includes(rack.name) ||
    (searching && rack.matches > 0) ||
    (!searching && rack.name === filteredRack);
  const listView: ListView = {
    name: "files",
    q: view.q,
    sort: view.sort,
    dir: view.dir,
    page: 1,
    size: 100,
    total: matches,
    defaults: FILE_LIST_DEFAULTS,
  };
  const header = (
    <tr>
      <RecordHeads definition={fileRecord} view={listView} />
      {mayChange ? <HeadCells labels={["Update", "Delete"]} /> : null}
    </tr>
  );

  return (
    <section className="page file-index">
      <div className="page-head">
        <h1>{_("Admin Racks")}</h1>
        <nav className="actions no-print" aria-label={_("Print, download or import the index")}>
          {CUPBOARDS.map((cupboard) => (
            // A full page load: the print view ships no JavaScript.
            <Link
              key={cupboard.number}
              className="button small"
              to={`/rackadmin/print/${cupboard.number}`}
              reloadDocument
            >
              {_("Print index: {cupboard}", { cupboard: _(cupboard.label) })}
            </Link>
          ))}
          <ExportLinks to="/rackadmin/export" name="the file index" />
          {mayChange ? (
            <Link className="button small" to="/import/files">
              {_("Import")}
            </Link>
          ) : null}
        </nav>
      </div>

      {/* The kit's toolbar, unpaged: the search runs across all racks. */}
      <ListToolbar
        view={listView}
        paged={false}
        label="Search for files"
        placeholder="File number or name"
        submitLabel="Search"
        actions={
          view.q || view.rack ? (
            <Link to="/rackadmin" className="button">
              {_("Clear search")}
            </Link>
          ) : null
        }
      >
        <div className="field">
          <label htmlFor="file-rack">{_("Cupboard or rack")}</label>
          <select id="file-rack" name="rack" defaultValue={view.rack} key={`rack-${view.rack}`}>
            <option value="">{_("All racks")}</option>
            {CUPBOARDS.map((cupboard) => (
              <optgroup key={cupboard.number} label={_(cupboard.label)}>
                <option value={String(cupboard.number)}>
                  {_("All of {cupboard}", { cupboard: _(cupboard.label) })}
                </option>
                {cupboard.racks.map((rack) => (
                  <option key={rack} value={rack}>
                    {rack}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      </ListToolbar>
      <p role="status" className="list-status">
        {searching
          ? _("{count, plural, one {# file matches {search}} other {# files match {search}}}", {
              count: matches,
              search: `'${view.q}'`,
            })
          : ""}
      </p>

      <FormError errors={error ? [error] : undefined} />

      <div className="cupboards">
        {CUPBOARDS.map((cupboard) => {
          const shelf = racks.filter((rack) => cupboardOf(rack.name).number === cupboard.number);
          if (shelf.length === 0) return null;
          const total = shelf.reduce((sum, rack) => sum + rack.total, 0);
          const found = shelf.reduce((sum, rack) => sum + rack.matches, 0);
          return (
            <details
              key={cupboard.number}
              name="cupboard"
              className="cupboard"
              id={`cupboard-${cupboard.number}`}
              open={openCupboard?.number === cupboard.number}
            >
              <summary>
                <span className="cupboard-name">{_(cupboard.label)}</span>{" "}
                <span className="cupboard-count">({filesCount(_, total, searching ? found : null)})</span>
              </summary>
              <div className="cupboard-body">
                {shelf.map((rack) => (
                  <RackPanel
                    key={rack.name}
                    view={rack}
                    q={view.q}
                    open={rackOpen(rack)}
                    lastInsert={actionData?.rackName === rack.name ? actionData.result : undefined}
                    onUpdate={onUpdate}
                    askToDelete={deleteDialog.ask}
                    header={header}
                    mayChange={mayChange}
                  />
                ))}
              </div>
            </details>
          );
        })}
      </div>
      {editing ? (
        <Suspense fallback={null}>
          <UpdateFileDialog editing={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {deleteDialog.dialog}
    </section>
  );
}
