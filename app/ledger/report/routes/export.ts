import type { LoaderFunctionArgs } from "@remix-run/node";
import { can } from "#app/auth/permissions.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { stockReportExport } from "#app/ledger/export.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /stock/report/export?format=xlsx|csv&…: the stock report of the page's period and filters,
// a sheet per rack and department (the spares lines only for a role that may read them).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const format = requireExportFormat(request);
  const search = new URL(request.url).searchParams;
  const spec = stockReportExport(search, plantToday(), can(user.role, "spares", "read"));
  // A sheet a department's: its name as the menus say it ("shell").
  return sendPageExport(request, user, spec, format, ["ledger", "stock", "shell"]);
}
