import { apiSignIn } from "#app/auth/session.server.ts";
import { contractsExport } from "#app/contracts/export.server.ts";
import { listContracts } from "#app/contracts/queries.server.ts";
import { withApiStatus } from "#app/contracts/routes/api-shared.server.ts";
import { endpoints } from "#app/contracts/routes.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { jsonAnswer, searchParamsOf } from "#app/lib/http.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("contracts"), {
  // GET /api/equipment/get → 200 [equipment…]
  listContracts: async ({ request }) => {
    // ?format=xlsx|csv (issue 18): the list as a download, with /amc's ?q=, ?status= and sort.
    const format = apiExportFormat(request);
    if (format) {
      const settings = await getPlantSettings(db);
      const clock = {
        now: new Date(),
        timeZone: serverSettings().PLANT_TIME_ZONE,
        dueSoonDays: settings.dueSoonDays,
      };
      return sendExport(request, contractsExport(db, searchParamsOf(request), clock), format);
    }
    return jsonAnswer(await withApiStatus(db, await listContracts(db)));
  },
});
