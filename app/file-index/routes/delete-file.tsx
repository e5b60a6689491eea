import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { fileMessage } from "#app/file-index/components.tsx";
import fileIndexCss from "#app/file-index/file-index.css?url";
import { fileHref, rackHref } from "#app/file-index/hrefs.ts";
import { deleteFile, findFile } from "#app/file-index/queries.server.ts";
import { isFileId, isRackName, messages, type RackFile, type RackName } from "#app/file-index/rules.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { ConfirmDeleteForm } from "#app/ui/confirm-delete.tsx";
import { FormError } from "#app/ui/form.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// Delete a file (the legacy app): the confirmation page without JavaScript; with it, the same question
// comes in a dialog over the list (ConfirmDelete) that posts here.

export const meta = pageTitle("Delete file");
export const links = stylesheet(fileIndexCss);

type Loaded = { rackName: RackName | null; file: RackFile | null; error: string | null };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "fileIndex", "write");
  const { rackName, id } = params;
  if (!isRackName(rackName) || !isFileId(id))
    return data<Loaded>({ rackName: null, file: null, error: messages.invalidRackOrId }, { status: 404 });
  const file = await findFile(db, rackName, id);
  if (!file) return data<Loaded>({ rackName, file: null, error: messages.fileGone }, { status: 404 });
  return data<Loaded>({ rackName, file, error: null });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "fileIndex", "write");
  const { rackName, id } = params;
  if (!isRackName(rackName) || !isFileId(id))
    return redirectWithToast("/rackadmin", {
      type: "error",
      message: `${messages.deleteFailed}: ${messages.invalidRackOrId}`,
    });
  const deleted = await deleteFile(db, rackName, id, user.id);
  if (!deleted)
    return redirectWithToast(rackHref(rackName), {
      type: "error",
      message: `${messages.deleteFailed}: ${messages.fileNotFound}`,
    });
  return redirectWithToast(rackHref(rackName), { type: "success", message: messages.deleted });
}

export default function DeleteFilePage() {
  const { _ } = useLingui();
  const { rackName, file, error } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow file-index">
      <h1>{_("Delete file")}</h1>
      {rackName && file ? (
        <>
          <dl className="file-facts">
            <dt>{_("Rack")}</dt>
            <dd>{rackName}</dd>
            <dt>{_("File ID")}</dt>
            <dd>{file.id}</dd>
            <dt>{_("Name of the File")}</dt>
            <dd>{file.name}</dd>
          </dl>
          <ConfirmDeleteForm
            href={`${fileHref(rackName, file._id)}/delete`}
            question={messages.deleteQuestion}
            cancelHref={rackHref(rackName)}
          />
        </>
      ) : (
        <>
          <FormError
            errors={[fileMessage(_, `${messages.deleteFailed}: ${error ?? messages.fileNotFound}`)]}
          />
          <p>
            <Link to={rackName ? rackHref(rackName) : "/rackadmin"}>{_("Back to Admin Racks")}</Link>
          </p>
        </>
      )}
    </section>
  );
}
