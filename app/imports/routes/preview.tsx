import { useLingui } from "@lingui/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { requireImportPage } from "#app/imports/access.server.ts";
import { PreviewTable, type PreviewView, ReadNotes } from "#app/imports/components.tsx";
import {
  type Counts,
  confirmImport,
  findImport,
  type PreviewRow,
  shownRows,
} from "#app/imports/engine.server.ts";
import { importMessage, listName } from "#app/imports/words.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { groupDigits } from "#app/lib/numbers.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requestSay } from "#app/settings/say.server.ts";
import { importMessages } from "#app/spreadsheets/import-rules.ts";
import { FormError, SubmitButton } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /import/…/{import id}: the preview (step 2) and its confirmation (step 3). Every row is new,
// changed (old → new), unchanged or in error (the form's message under the cell's value, the row
// marked); the reader's notes (title and units rows skipped, the encoding) above them. "Import N
// rows" writes them all in one transaction, or nothing.

export const meta = pageTitle("Import preview");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params, "write");
  const found = await findImport(db, String(params.id));
  if (!found || found.kind !== kind.id || found.createdBy !== user.id)
    throw new HttpError(404, "There is no import preview at this address.");
  const counts = found.counts as Counts;
  const usable = found.status === "preview" && found.expiresAt > new Date();
  const rows = shownRows(found.rows as PreviewRow[]).map(
    ({ line, outcome, texts, errors, changes }): PreviewView => ({
      line,
      outcome,
      texts: texts ?? {},
      errors,
      changes,
    }),
  );
  return {
    title: kind.title,
    uploadHref: kind.uploadHref,
    columns: kind.columns,
    fileName: found.fileName,
    counts,
    rows,
    usable,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, kind } = await requireImportPage(request, params);
  const outcome = await confirmImport(db, kind, String(params.id), user);
  if (!outcome.ok) return { error: outcome.message };
  // The list the toast shows on is not sent the import's words: it is worded here, for the person.
  const say = await requestSay(request, user, ["imports"]);
  return redirectWithToast(kind.listHref, { type: "success", message: importMessage(say, outcome.message) });
}

export default function ImportPreviewPage() {
  const { title, uploadHref, columns, fileName, counts, rows, usable } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const actionData = useActionData<typeof action>();
  const toWrite = counts.new + counts.changed;
  return (
    <section className="page">
      <div className="page-head">
        <h1>{_("Import into {list}: preview", { list: listName(_, title) })}</h1>
      </div>
      <p role="status">
        {_(
          "{fileName}: {total, plural, one {# row} other {# rows}} — {new} new, {changed} changed, {unchanged} unchanged, {error} with errors.",
          {
            fileName,
            total: counts.total,
            new: counts.new,
            changed: counts.changed,
            unchanged: counts.unchanged,
            error: counts.error,
          },
        )}
      </p>
      <ReadNotes notes={counts.notes} />
      <FormError errors={actionData?.error ? [importMessage(_, actionData.error)] : undefined} />
      {!usable ? (
        <FormError errors={[importMessages.expired]} />
      ) : counts.error > 0 ? (
        <FormError errors={[importMessages.hasErrors]} />
      ) : toWrite === 0 ? (
        <p>{_("Nothing to import: every row is already in the list as it is.")}</p>
      ) : (
        <Form method="post">
          <SubmitButton pendingText="Importing...">
            {_("Import {count, plural, one {# row} other {# rows}}", { count: toWrite })}
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to={uploadHref}>{_("Upload another file")}</Link>
      </p>
      <PreviewTable columns={columns} rows={rows} />
      {counts.total > rows.length ? (
        <p>
          {_(
            "The first {shown} rows are shown (errors and changes first); the other {rest} are new or unchanged.",
            {
              shown: groupDigits(rows.length),
              rest: groupDigits(counts.total - rows.length),
            },
          )}
        </p>
      ) : null}
    </section>
  );
}
