import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { formatOfLegacyApi } from "#app/sop/formats/index.ts";
import { SAVED_MESSAGE } from "#app/sop/paths.ts";
import { createRecord } from "#app/sop/queries.server.ts";
import { endpoints } from "#app/sop/routes.ts";

// POST /api/checklist (legacy, the legacy API contract): saves the format that declares this address as its
// `legacyApi` (AS11): 201 {message, _id}; 400 when a required field (date, lorryNo, transporter) is missing.
const definition = formatOfLegacyApi("/api/checklist");

export const { loader, action } = apiRoute(endpoints, apiSignIn("sop"), {
  saveAS11Legacy: async ({ request }, user) => {
    const parsed = schemaFor(definition).safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const { id } = await createRecord(db, definition, parsed.data, user.id);
    return jsonAnswer({ message: SAVED_MESSAGE, _id: id }, 201);
  },
});
