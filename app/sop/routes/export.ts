import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { sopRecordsExport } from "#app/sop/export.server.ts";
import { requireFormat } from "#app/sop/route-helpers.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /{format}/records/export?format=xlsx|csv&…: a SOP format's records list (search, date range).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "sop");
  const definition = requireFormat(params.format);
  const format = requireExportFormat(request);
  const search = new URL(request.url).searchParams;
  const spec = sopRecordsExport(db, definition, search, serverSettings().PLANT_TIME_ZONE);
  // The format's own words are in its code's namespace ("AS09"), the engine's in "sop".
  return sendPageExport(request, user, spec, format, ["sop", definition.code]);
}
