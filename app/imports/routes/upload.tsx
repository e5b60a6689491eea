import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "#app/auth/permissions.ts";
import { db } from "#app/db/client.server.ts";
import { requireImportPage } from "#app/imports/access.server.ts";
import { UndoImport, UploadForm } from "#app/imports/components.tsx";
import { previewImport, recentImports } from "#app/imports/engine.server.ts";
import { readUploadForm } from "#app/imports/upload.server.ts";
import { keyName, listName } from "#app/imports/words.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { pageTitleOf } from "#app/ui/page-head.ts";

// /import/products/{department} and /import/{kind} (rack-items, contracts, files): upload a
// spreadsheet into a list (issue 18), step 1 of 3. Says the list's natural key; lists its recent
// imports, with the admin's Undo.

export const meta = pageTitleOf<{ title: string }>(({ title }, _) =>
  _("Import into {list}", { list: listName(_, title) }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params, "write");
  const zone = serverSettings().PLANT_TIME_ZONE;
  const recent = (await recentImports(db, kind)).map((row) => ({
    ...row,
    committedAt: row.committedAt ? formatDateTimeGB(row.committedAt, zone) : "",
  }));
  return {
    title: kind.title,
    listHref: kind.listHref,
    uploadHref: kind.uploadHref,
    keyLabel: kind.keyLabel,
    notes: kind.notes ?? [],
    recent,
    mayUndo: can(user.role, "importsUndo", "write"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params);
  const form = await readUploadForm(request);
  // A refused file is a 400: the form again, with the message naming what is wrong (or the limit).
  if ("message" in form) return data({ error: form.message }, { status: 400 });
  const outcome = await previewImport(db, kind, form.file, user.id);
  if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
  return redirect(`${kind.uploadHref}/${outcome.id}`);
}

export default function ImportUploadPage() {
  const { title, listHref, uploadHref, keyLabel, notes, recent, mayUndo } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page">
      <div className="page-head">
        <h1>{_("Import into {list}", { list: listName(_, title) })}</h1>
        <div className="actions">
          <Link className="button" to={listHref}>
            {_("Back to the list")}
          </Link>
        </div>
      </div>
      <p>
        {_(
          "Rows are matched to the list's records by {key}: a row whose {key} is not in the list is added, the others change the record they name. Nothing is written until you confirm the preview.",
          { key: keyName(_, keyLabel) },
        )}
      </p>
      {notes.length ? (
        <ul className="import-notes">
          {notes.map((note) => (
            <li key={note}>{_(note)}</li>
          ))}
        </ul>
      ) : null}
      <UploadForm error={actionData?.error} templateHref={`${uploadHref}/template`} />
      {recent.length ? (
        <>
          <h2>{_("Recent imports")}</h2>
          <ul className="import-history">
            {recent.map((row) => (
              <li key={row.id}>
                {/* The file's name is the uploader's: kept as it is, in every language. */}
                <span translate="no">{row.fileName}</span>:{" "}
                {_("{count, plural, one {# row} other {# rows}}, {at}", {
                  count: row.written ?? 0,
                  at: row.committedAt,
                })}
                {row.status === "undone" ? ` ${_("(undone)")}` : null}
                {mayUndo && row.status === "committed" ? (
                  <>
                    {" "}
                    <UndoImport href={`${uploadHref}/${row.id}/undo`} fileName={row.fileName} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
