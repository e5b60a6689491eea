import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson, searchParamsOf } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";
import { requireApiRackNumber } from "#app/store-racks/access.server.ts";
import { racksExport } from "#app/store-racks/export.server.ts";
import { createRackItem, listRackItems } from "#app/store-racks/queries.server.ts";
import { endpoints } from "#app/store-racks/routes.ts";
import { fromApiInput, rackItemApiSchema } from "#app/store-racks/schema.ts";

// GET /api/rack/{rackNumber} → 200 [item…]; POST /api/rack/{rackNumber} → 201 item, with the
// closing stock computed by the server (the legacy API contract). "rack7" is read as 7. The figures are
// the current month's from the stock ledger; a POST's availableStock is the item's opening.

export const { loader, action } = apiRoute(endpoints, apiSignIn("racks"), {
  listRackItems: async ({ request, params }) => {
    const rackNumber = requireApiRackNumber(params.rackNumber);
    // ?format=xlsx|csv (issue 18): the rack as a download, with the page's ?q= and sort.
    const format = apiExportFormat(request);
    if (format) {
      const search = searchParamsOf(request);
      search.set("rack", String(rackNumber));
      return sendExport(request, racksExport(db, search), format);
    }
    return jsonAnswer(await listRackItems(db, rackNumber));
  },
  addRackItem: async ({ request, params }, user) => {
    const rackNumber = requireApiRackNumber(params.rackNumber);
    const parsed = rackItemApiSchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    // availableStock is the item's opening; an issue and a receipt sent with it are recorded too.
    const { item, figures } = fromApiInput(parsed.data);
    const outcome = await createRackItem(db, rackNumber, item, figures, user.id);
    if (!outcome.ok) return jsonAnswer({ message: outcome.message }, 400);
    return jsonAnswer(outcome.item, 201);
  },
});
