import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { contractsExport } from "#app/contracts/export.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { requireExportFormat, sendPageExport } from "#app/spreadsheets/respond.server.ts";

// GET /amc/export?format=xlsx|csv&…: the contracts as /amc shows them, with each one's status now.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "contracts");
  const format = requireExportFormat(request);
  const settings = await getPlantSettings(db);
  const clock = {
    now: new Date(),
    timeZone: serverSettings().PLANT_TIME_ZONE,
    dueSoonDays: settings.dueSoonDays,
  };
  const spec = contractsExport(db, new URL(request.url).searchParams, clock);
  return sendPageExport(request, user, spec, format, ["contracts"]);
}
