import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, searchParamsOf } from "#app/lib/http.server.ts";
import { sparesExport } from "#app/spares/export.server.ts";
import { listLines } from "#app/spares/queries.server.ts";
import { departmentParam } from "#app/spares/routes/api-shared.server.ts";
import { endpoints } from "#app/spares/routes.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("spares"), {
  // GET /api/{department}/product → {success: true, users: [line…]} sorted by srno (empty → []).
  listLines: async ({ request, params }) => {
    const department = departmentParam(params);
    // ?format=xlsx|csv (issue 18): the table as a download, with the page's ?q=, filters and sort.
    const format = apiExportFormat(request);
    if (format) return sendExport(request, sparesExport(db, department, searchParamsOf(request)), format);
    return jsonAnswer({ success: true, users: await listLines(db, department) });
  },
});
