import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { sparesExport } from "#app/spares/export.server.ts";
import { isDepartment, unknownDepartmentMessage } from "#app/spares/rules.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /products/{department}/export?format=xlsx|csv&…: the department's list as the page shows it.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "spares");
  const department = params.department;
  if (!isDepartment(department)) throw new HttpError(404, unknownDepartmentMessage(String(department)));
  const format = requireExportFormat(request);
  const spec = sparesExport(db, department, new URL(request.url).searchParams);
  // The sheet is the department's: its name as the menus say it ("shell").
  return sendPageExport(request, user, spec, format, ["spares", "shell"]);
}
