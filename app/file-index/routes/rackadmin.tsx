import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { invariantResponse, readForm } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/shell/toast.server.ts";
import type { Toast } from "#app/shell/toast-types.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { FormError } from "#app/ui/form.tsx";
import { useRowLinks } from "#app/ui/html-rows.tsx";
import { matchesQuery, useSearchQuery } from "#app/ui/search.tsx";
import { RackPanel, SCRIPTED_FIELD, SCRIPTED_VALUE, UpdateFileDialog } from "../components.tsx";
import fileIndexCss from "../file-index.css?url";
import { type PackedRack, packRacks, unpackRacks } from "../file-rows.ts";
import { fileOfHref, rackHref } from "../hrefs.ts";
import { insertFiles, listRacks } from "../queries.server.ts";
import {
  CUPBOARDS,
  countFiles,
  cupboardOf,
  cupboardToOpen,
  duplicateMessage,
  isRackName,
  messages,
  type RackFile,
  type RackName,
  searchRacks,
} from "../rules.ts";
import { newFileSchema } from "../schema.ts";

// Admin Racks (spec §2): the file index of two cupboards of four racks. One loader reads all eight
// racks in one query; ?files= is the accordion search without JavaScript (not ?q=, the navbar's);
// ?open= names the rack to show open (where a save without JavaScript comes back to).
// Built for 800 files (architecture.md budgets): the racks travel packed and their rows are HTML
// text (file-rows.ts); one update dialog and one delete dialog serve every row.

export const meta: MetaFunction = () => [{ title: "Admin Racks · PlantOps" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fileIndexCss }];

const MAX_SEARCH_LENGTH = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const query = (url.searchParams.get("files") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const open = url.searchParams.get("open");
  const openRack = isRackName(open) ? open : null;
  try {
    return { racks: packRacks(await listRacks(db)), query, openRack, error: null };
  } catch (error) {
    logError(request, error);
    return data({ racks: [] as PackedRack[], query, openRack, error: messages.racksFailed }, { status: 500 });
  }
}

const toastOf = (type: Toast["type"], message: string): Toast => ({ type, message, id: randomUUID() });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
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
  const { racks: packed, query: searched, openRack, error } = useLoaderData<typeof loader>();
  const racks = useMemo(() => unpackRacks(packed), [packed]);
  const actionData = useActionData<typeof action>();
  // The search as typed (JavaScript); starts from the address's ?files= (the server's search).
  const [query, setQuery] = useState(searched);
  useEffect(() => setQuery(searched), [searched]);
  const [editing, setEditing] = useState<{ rackName: RackName; file: RackFile } | null>(null);
  const deleteDialog = useDeleteDialog(messages.deleteQuestion);
  const list = useRef<HTMLDivElement>(null);

  // Without JavaScript a row's links are plain links to the Update File and delete confirmation
  // pages. With it, Update opens the update dialog and Delete the confirmation dialog.
  const rowLinks = useRowLinks(deleteDialog.ask);
  const onRowClick = (event: MouseEvent<HTMLElement>) => {
    const href = (event.target as Element).closest("a[href]")?.getAttribute("href");
    const named = href ? fileOfHref(href) : null;
    const plainClick = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey);
    if (named?.page === "update" && plainClick) {
      const file = racks
        .find((rack) => rack.name === named.rackName)
        ?.files.find((candidate) => candidate._id === named.fileId);
      if (file) {
        event.preventDefault();
        setEditing({ rackName: named.rackName, file });
        return;
      }
    }
    rowLinks(event);
  };

  const views = useMemo(() => searchRacks(racks, query), [racks, query]);
  // What the server opens: the rack named by ?open= or by a refused insert, else the search's hits.
  // These stay fixed while typing, so React never fights the user's own clicks on the accordions.
  const served = useMemo(() => searchRacks(racks, searched), [racks, searched]);
  // The navbar's ?q= search (no JavaScript) marks cells on the server; open the racks holding them.
  const navbarQuery = useSearchQuery();
  const marked = useMemo(
    () =>
      navbarQuery
        ? racks
            .filter((rack) =>
              rack.files.some(
                (file) => matchesQuery(file.name, navbarQuery) || matchesQuery(file.id, navbarQuery),
              ),
            )
            .map((rack) => rack.name)
        : [],
    [racks, navbarQuery],
  );
  const shownRack = actionData?.rackName ?? openRack;
  const openCupboard = shownRack
    ? cupboardOf(shownRack)
    : searched
      ? cupboardToOpen(served)
      : marked.length
        ? cupboardOf(marked[0])
        : null;
  const rackOpen = (name: RackName) =>
    name === shownRack ||
    Boolean(searched && served.find((view) => view.name === name)?.matches) ||
    (!searched && marked.includes(name));

  // Search as you type: open the racks with matches (and the first cupboard holding one), close the rest.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current || !list.current) return;
    if (!query.trim()) return;
    for (const panel of Array.from(list.current.querySelectorAll<HTMLDetailsElement>("details[data-rack]"))) {
      panel.open = Boolean(views.find((view) => view.name === panel.dataset.rack)?.matches);
    }
    const cupboard = cupboardToOpen(views);
    if (cupboard) {
      const element = list.current.querySelector<HTMLDetailsElement>(`#cupboard-${cupboard.number}`);
      if (element) element.open = true;
    }
  }, [query, views]);

  const searching = query.trim().length > 0;
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

      <Form
        method="get"
        action="/rackadmin"
        // Not a second role="search" landmark: the navbar's search is the page's search landmark.
        aria-label="Search files"
        className="file-search"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="file-search" className="visually-hidden">
          Search for files
        </label>
        <input
          id="file-search"
          type="search"
          name="files"
          placeholder="Search for files..."
          value={query}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => {
            typed.current = true;
            setQuery(event.target.value);
          }}
        />
        <button type="submit" className="button">
          Search
        </button>
        {searched ? (
          <Link to="/rackadmin" className="button" onClick={() => setQuery("")}>
            Clear search
          </Link>
        ) : null}
      </Form>
      {searching ? (
        <p className="muted" role="status">
          {countFiles(views.reduce((sum, view) => sum + view.matches, 0))} match “{query.trim()}”.
        </p>
      ) : null}

      <FormError errors={error ? [error] : undefined} />

      <div ref={list} className="cupboards">
        {CUPBOARDS.map((cupboard) => {
          const cupboardViews = views.filter((view) =>
            (cupboard.racks as readonly string[]).includes(view.name),
          );
          const total = cupboardViews.reduce((sum, view) => sum + view.total, 0);
          const matches = cupboardViews.reduce((sum, view) => sum + view.matches, 0);
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
                  ({searching && total > 0 ? `${matches} of ${countFiles(total)}` : countFiles(total)})
                </span>
              </summary>
              <div className="cupboard-body">
                {cupboardViews.map((view) => (
                  <RackPanel
                    key={view.name}
                    view={view}
                    query={query}
                    open={rackOpen(view.name)}
                    lastInsert={actionData?.rackName === view.name ? actionData.result : undefined}
                    onRowClick={onRowClick}
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
