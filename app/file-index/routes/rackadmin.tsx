import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { invariantResponse, readForm } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/shell/toast.server.ts";
import type { Toast } from "#app/shell/toast-types.ts";
import { useCan } from "#app/shell/use-can.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { FormError } from "#app/ui/form.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { type ListView, SortHeader } from "#app/ui/list/list-view.tsx";
import { MAX_QUERY_LENGTH } from "#app/ui/list/params.ts";
import { RackPanel, SCRIPTED_FIELD, SCRIPTED_VALUE, UpdateFileDialog } from "../components.tsx";
import fileIndexCss from "../file-index.css?url";
import { rackHref } from "../hrefs.ts";
import { useHydrated } from "../hydrated.ts";
import { FILE_LIST_DEFAULTS, type FileView, racksInView, readFileView } from "../list.ts";
import { insertFiles, searchRackFiles } from "../queries.server.ts";
import {
  CUPBOARDS,
  countFiles,
  cupboardOf,
  cupboardToOpen,
  duplicateMessage,
  findCupboard,
  isRackName,
  messages,
  type RackFile,
  type RackName,
  type RackView,
} from "../rules.ts";
import { newFileSchema } from "../schema.ts";

// Admin Racks (spec §2): the file index of two cupboards of four racks, a server-side list
// (docs/architecture.md "Lists", app/file-index/list.ts): ?q= searches every rack in PostgreSQL
// and opens the racks that match (and the first cupboard holding one); ?rack= narrows the index
// to a cupboard or a rack; ?sort=&dir= orders each rack; ?open= names the rack to show open (where
// a save without JavaScript comes back to). No paging (list.ts says why). Rows are React; one
// update dialog and one delete dialog serve every row.

export const meta: MetaFunction = () => [{ title: "Admin Racks · PlantOps" }];
// A list with its own search box: the navbar leaves its own out (behaviour note 18).
export const handle = listHandle;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fileIndexCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "fileIndex");
  const view = readFileView(new URL(request.url).searchParams);
  const groups = racksInView(view.rack);
  try {
    const racks = await searchRackFiles(
      db,
      groups.flatMap((group) => group.racks),
      view,
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

  const submission = parseWithZod(form, { schema: newFileSchema });
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
  // What opens: the rack named by ?open= or by a refused insert, else the search's hits, else
  // the one rack the filter names.
  const shownRack = actionData?.rackName ?? view.openRack;
  const filteredRack = isRackName(view.rack) ? view.rack : null;
  const openCupboard = shownRack
    ? cupboardOf(shownRack)
    : searching
      ? cupboardToOpen(racks)
      : filteredRack
        ? cupboardOf(filteredRack)
        : (findCupboard(view.rack) ?? null);
  const rackOpen = (rack: RackView<RackFile>) =>
    rack.name === shownRack || (searching && rack.matches > 0) || (!searching && rack.name === filteredRack);
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
      <SortHeader view={listView} sort="number" className="num">
        Sr. No
      </SortHeader>
      <SortHeader view={listView} sort="name">
        Name of the File
      </SortHeader>
      {mayChange ? (
        <>
          <th scope="col">Update</th>
          <th scope="col">Delete</th>
        </>
      ) : null}
    </tr>
  );

  return (
    <section className="page file-index">
      <div className="page-head">
        <h1>Admin Racks</h1>
        <nav className="actions no-print" aria-label="Print index">
          {CUPBOARDS.map((cupboard) => (
            <Link key={cupboard.number} className="button small" to={`/rackadmin/print/${cupboard.number}`}>
              Print index: {cupboard.label}
            </Link>
          ))}
        </nav>
      </div>

      <FileSearch view={view} />
      <p role="status" className="list-status">
        {searching ? `${countFiles(matches)} ${matches === 1 ? "matches" : "match"} '${view.q}'` : ""}
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
                <span className="cupboard-name">{cupboard.label}</span>{" "}
                <span className="cupboard-count">
                  ({searching && total > 0 ? `${found} of ${countFiles(total)}` : countFiles(total)})
                </span>
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
      <UpdateFileDialog editing={editing} onClose={() => setEditing(null)} />
      {deleteDialog.dialog}
    </section>
  );
}

const TYPING_PAUSE_MS = 250;

/**
 * The search over every rack and the rack filter: a GET form (works without JavaScript); with
 * JavaScript it submits as the user types (debounced; Remix cancels a stale request; the address
 * is replaced, not pushed), keeping focus and caret since the form is never re-created. The kit's
 * ListToolbar would add a rows-per-page choice, which this unpaged index has no use for.
 */
function FileSearch({ view }: { view: FileView }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = view.q;
  }, [view.q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submitSoon = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, delay);
  };
  const sorted = view.sort !== FILE_LIST_DEFAULTS.sort || view.dir !== FILE_LIST_DEFAULTS.dir;
  return (
    <Form
      ref={form}
      method="get"
      action="/rackadmin"
      role="search"
      aria-label="Search files"
      className="file-search list-toolbar"
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === "SELECT") submitSoon(0);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      <div className="field list-search">
        <label htmlFor="file-search">Search for files</label>
        <input
          ref={input}
          id="file-search"
          type="search"
          name="q"
          placeholder="File number or name"
          defaultValue={view.q}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          onInput={() => submitSoon(TYPING_PAUSE_MS)}
        />
      </div>
      <div className="field">
        <label htmlFor="file-rack">Cupboard or rack</label>
        <select id="file-rack" name="rack" defaultValue={view.rack} key={`rack-${view.rack}`}>
          <option value="">All racks</option>
          {CUPBOARDS.map((cupboard) => (
            <optgroup key={cupboard.number} label={cupboard.label}>
              <option value={String(cupboard.number)}>All of {cupboard.label}</option>
              {cupboard.racks.map((rack) => (
                <option key={rack} value={rack}>
                  {rack}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      {sorted ? (
        <>
          <input type="hidden" name="sort" value={view.sort} />
          <input type="hidden" name="dir" value={view.dir} />
        </>
      ) : null}
      <button type="submit" className="button">
        Search
      </button>
      {view.q || view.rack ? (
        <Link to="/rackadmin" className="button">
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}
