import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { isIsoDate } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { jsonAnswer, readJson, searchParamsOf } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { sopRecordsExport } from "#app/sop/export.server.ts";
import { SAVED_MESSAGE } from "#app/sop/paths.ts";
import { createRecord, getRecord, listRecords, pageNumber, toApiRecord } from "#app/sop/queries.server.ts";
import { requireApiFormat } from "#app/sop/routes/api-shared.server.ts";
import { endpoints } from "#app/sop/routes.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

export const { loader, action } = apiRoute(endpoints, apiSignIn("sop"), {
  // GET /api/sop/{format}: a page of records, newest first (?from, ?to, ?text, ?page).
  listSopRecords: async ({ request, params }) => {
    const definition = requireApiFormat(params.format);
    const search = searchParamsOf(request);
    // ?format=xlsx|csv (issue 18): every matching record (the list's ?q=/?text=, ?from=, ?to=).
    const format = apiExportFormat(request);
    if (format) {
      const timeZone = serverSettings().PLANT_TIME_ZONE;
      return sendExport(request, sopRecordsExport(db, definition, search, timeZone), format);
    }
    const errors: Record<string, string[]> = {};
    const date = (name: "from" | "to") => {
      const value = search.get(name) ?? "";
      if (value && !isIsoDate(value)) errors[name] = ["Enter a date as YYYY-MM-DD."];
      return isIsoDate(value) ? value : undefined;
    };
    const filter = {
      from: date("from"),
      to: date("to"),
      text: search.get("text") ?? undefined,
      page: pageNumber(search.get("page")),
    };
    const first = Object.values(errors)[0];
    if (first) return jsonAnswer({ message: first[0], errors }, 400);
    const list = await listRecords(db, definition, filter);
    return jsonAnswer({
      format: definition.code,
      total: list.total,
      page: list.page,
      pageSize: list.pageSize,
      records: list.records.map(toApiRecord),
    });
  },
  // POST /api/sop/{format}: save a record → 201 {message, _id, record}.
  createSopRecord: async ({ request, params }, user) => {
    const definition = requireApiFormat(params.format);
    const parsed = schemaFor(definition).safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const { id } = await createRecord(db, definition, parsed.data, user.id);
    const record = await getRecord(db, definition, id);
    return jsonAnswer({ message: SAVED_MESSAGE, _id: id, record: record ? toApiRecord(record) : null }, 201);
  },
});
