import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";
import { racksExport } from "#app/store-racks/export.server.ts";

// GET /about/export?format=xlsx|csv&…: the store racks as the page shows them (?rack=n: one rack).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "racks");
  const format = requireExportFormat(request);
  return sendPageExport(request, user, racksExport(db, new URL(request.url).searchParams), format, [
    "store-racks",
  ]);
}
