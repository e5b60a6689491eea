import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { UploadForm } from "#app/imports/components.tsx";
import { previewImport, recentImports } from "#app/imports/engine.server.ts";
import { sparesKind } from "#app/imports/kinds/spares.server.ts";
import { readUploadForm } from "#app/imports/upload.server.ts";
import { isDepartment, unknownDepartmentMessage } from "#app/inventory/rules.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { SubmitButton } from "#app/ui/form.tsx";

// /import/products/{department}: upload a spreadsheet of spares lines (issue 18), step 1 of 3.
// Natural key: the department + Serial Number. Also lists the department's recent imports, with
// the admin's Undo.

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Import ${data?.title ?? "spare parts"} · PlantOps` },
];

function kindOfParams(params: LoaderFunctionArgs["params"]) {
  if (!isDepartment(params.department))
    throw new Response(unknownDepartmentMessage(String(params.department)), { status: 404 });
  return sparesKind(params.department);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "spares", "write");
  const kind = kindOfParams(params);
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
    recent,
    mayUndo: can(user.role, "importsUndo", "write"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "spares");
  const kind = kindOfParams(params);
  const form = await readUploadForm(request);
  if ("message" in form) return { error: form.message };
  const outcome = await previewImport(db, kind, form.file, user.id);
  if (!outcome.ok) return { error: outcome.message };
  return redirect(`${kind.uploadHref}/${outcome.id}`);
}

export default function ImportSparesPage() {
  const { title, listHref, uploadHref, keyLabel, recent, mayUndo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page">
      <div className="page-head">
        <h1>Import into {title}</h1>
        <div className="actions">
          <Link className="button" to={listHref}>
            Back to the list
          </Link>
        </div>
      </div>
      <p>
        Rows are matched to the list's lines by <strong>{keyLabel}</strong>: a row whose {keyLabel} is not in
        the list is added, the others change the line they name. Nothing is written until you confirm the
        preview.
      </p>
      <UploadForm error={actionData?.error} templateHref={`${uploadHref}/template`} />
      {recent.length ? (
        <>
          <h2>Recent imports</h2>
          <ul className="import-history">
            {recent.map((row) => (
              <li key={row.id}>
                {row.fileName}: {row.written ?? 0} rows, {row.committedAt}
                {row.status === "undone" ? " (undone)" : null}
                {mayUndo && row.status === "committed" ? (
                  <Form method="post" action={`${uploadHref}/${row.id}/undo`} className="inline-form">
                    <SubmitButton className="button small" pendingText="Undoing...">
                      Undo this import
                    </SubmitButton>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
