import type { LoaderFunctionArgs } from "@remix-run/node";
import { auditExport } from "#app/audit-trail/export.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /audit/export?format=xlsx|csv&…: the audit list as /audit shows it (search, user, record type,
// dates), for the roles that may open /audit.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "audit");
  const format = requireExportFormat(request);
  const search = new URL(request.url).searchParams;
  const spec = auditExport(db, search, serverSettings().PLANT_TIME_ZONE);
  return sendPageExport(request, user, spec, format, ["audit-trail", "audit"]);
}
