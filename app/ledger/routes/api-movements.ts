import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { requireStockItemApi } from "#app/ledger/access.server.ts";
import { movementKindSchema } from "#app/ledger/api-schema.ts";
import { stockCardExport } from "#app/ledger/export.server.ts";
import { MOVEMENT_REFUSAL_STATUS, recordMovement, stockCard } from "#app/ledger/movements.server.ts";
import { endpoints } from "#app/ledger/routes.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";
import { readDateRange } from "#app/stock/rules.ts";
import { movementSchema } from "#app/stock/schema.ts";

// GET /api/stock/{type}/{id}/movements?from=&to= → 200 the stock card (movements in date order
// with their running balance); POST → 201 the recorded movement, 400 with the page's messages
// (the stock check's "Only 3 in stock on 21/11/2026." included).

export const { loader, action } = apiRoute(endpoints, requireStockItemApi, {
  getStockCard: async ({ request }, { item }) => {
    const search = new URL(request.url).searchParams;
    // ?format=xlsx|csv (issue 18): the card as a download, as the page's links give it.
    const format = apiExportFormat(request);
    if (format) return sendExport(request, await stockCardExport(db, item, search, plantToday()), format);
    // The whole range, unpaged, as before the page was paged: the plant's tools read all of it.
    const { from, to, opening, rows, closing } = await stockCard(db, item.ref, readDateRange(search));
    return jsonAnswer({
      item: { type: item.ref.type, id: item.ref.id, name: item.name, inStock: item.inStock },
      from,
      to,
      opening,
      rows,
      closing,
    });
  },
  recordMovement: async ({ request }, { user, item }) => {
    const body = await readJson(request);
    const kind = movementKindSchema.safeParse(body);
    if (!kind.success) return jsonAnswer(validationBody(kind.error), 400);
    const today = plantToday();
    // A JSON date may be left out: the plant's today, as on the form.
    const withDate = { movedOn: today, ...(body as Record<string, unknown>) };
    const parsed = movementSchema(kind.data.kind, today).safeParse(withDate);
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const outcome = await recordMovement(db, item.ref, { kind: kind.data.kind, ...parsed.data }, user.id, {
      today,
    });
    if (!outcome.ok) {
      const errors = outcome.field ? { [outcome.field]: [outcome.message] } : {};
      return jsonAnswer({ message: outcome.message, errors }, MOVEMENT_REFUSAL_STATUS[outcome.reason]);
    }
    return jsonAnswer(outcome.movement, 201);
  },
});
