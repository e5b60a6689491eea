import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { fileIndexExport } from "#app/file-index/export.server.ts";
import { insertFiles, listRacks, toApiFile } from "#app/file-index/queries.server.ts";
import { endpoints } from "#app/file-index/routes.ts";
import { duplicateMessage, isRackName, messages, type RackName } from "#app/file-index/rules.ts";
import { newFilesBodySchema } from "#app/file-index/schema.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { HttpError, jsonAnswer, readJson, searchParamsOf } from "#app/lib/http.server.ts";
import { validationBody } from "#app/lib/validation.ts";
import { apiExportFormat, sendExport } from "#app/spreadsheets/respond.server.ts";

// GET  /api/racks/{rackName} → [{name, files: [{_id, id, name}]}] (files in number order)
// POST /api/racks/{rackName} {files: [{id, name}]} → 201 {name, files} (the rack after the insert)
// the legacy API contract; unknown rack name → 404.

function rackParam(params: ActionFunctionArgs["params"]): RackName {
  if (!isRackName(params.rackName)) throw new HttpError(404, messages.rackNotFound);
  return params.rackName;
}

async function rackDocument(rackName: RackName) {
  const [rack] = await listRacks(db, [rackName]);
  return { name: rack.name, files: rack.files.map(toApiFile) };
}

export const { loader, action } = apiRoute(endpoints, apiSignIn("fileIndex"), {
  getRackFiles: async ({ request, params }) => {
    const rackName = rackParam(params);
    // ?format=xlsx|csv (issue 18): the rack's files as a download, with the index's ?q= and sort.
    const format = apiExportFormat(request);
    if (format) {
      const search = searchParamsOf(request);
      search.set("rack", rackName);
      return sendExport(request, fileIndexExport(db, search), format);
    }
    return jsonAnswer([await rackDocument(rackName)]);
  },
  addRackFiles: async ({ request, params }, user) => {
    const rackName = rackParam(params);
    const parsed = newFilesBodySchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const outcome = await insertFiles(db, rackName, parsed.data.files, user.id);
    if (!outcome.ok) return jsonAnswer({ message: duplicateMessage(rackName, outcome.fileNumber) }, 409);
    return jsonAnswer(await rackDocument(rackName), 201);
  },
});
