import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { requireExportFormat, sendExport } from "#app/exports/respond.server.ts";
import { INVENTORY_COLUMNS } from "#app/exports/sources.server.ts";
import { isDepartment, unknownDepartmentMessage } from "#app/inventory/rules.ts";

// GET /import/products/{department}/template?format=xlsx|csv: the export's header row alone.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares");
  if (!isDepartment(params.department))
    throw new Response(unknownDepartmentMessage(String(params.department)), { status: 404 });
  const format = requireExportFormat(request);
  return sendExport(
    request,
    { what: `${params.department}-template`, columns: INVENTORY_COLUMNS, sheets: [] },
    format,
  );
}
