import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireImportPage } from "#app/imports/access.server.ts";
import { requireExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

// GET /import/…/template?format=xlsx|csv: the list's export with its header row alone.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { kind } = await requireImportPage(request, params);
  const format = requireExportFormat(request);
  return sendExport(
    request,
    { what: `${kind.fileStem}-template`, columns: kind.template, sheets: [] },
    format,
  );
}
