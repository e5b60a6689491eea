import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { fileIndexExport } from "#app/file-index/export.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /rackadmin/export?format=xlsx|csv&…: the file index (?rack= a cupboard or a rack), a sheet per rack.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "fileIndex");
  const format = requireExportFormat(request);
  return sendPageExport(request, user, fileIndexExport(db, new URL(request.url).searchParams), format, [
    "file-index",
  ]);
}
