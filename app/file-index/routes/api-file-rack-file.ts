import type { ActionFunctionArgs } from "@remix-run/node";
import { apiSignIn } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { deleteFile, findFile, toApiFile, updateFile } from "#app/file-index/queries.server.ts";
import { endpoints } from "#app/file-index/routes.ts";
import { isFileId, isRackName, messages } from "#app/file-index/rules.ts";
import { fileUpdateSchema } from "#app/file-index/schema.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import { HttpError, jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { validationBody } from "#app/lib/validation.ts";

// GET    /api/racks/{rackName}/{_id} → {_id, id, name}
// PUT    /api/racks/{rackName}/{_id} {name (+ version)} → {message: 'File updated successfully', file}
// DELETE /api/racks/{rackName}/{_id} → {message: 'File deleted successfully'}
// the legacy API contract. The file's shape stays exactly {_id, id, name}; its version travels in the ETag
// header, and a PUT may send it back as `version` or If-Match (README difference 20).

function target(params: ActionFunctionArgs["params"]) {
  if (!isRackName(params.rackName)) throw new HttpError(404, messages.rackNotFound);
  // A malformed id can never match: the same 404 as an unknown one.
  if (!isFileId(params.id)) throw new HttpError(404, messages.fileNotFound);
  return { rackName: params.rackName, fileId: params.id };
}

const etag = (version: number) => `"${version}"`;

/** The version an If-Match header names (`"3"` or `3`), if any. */
function ifMatchVersion(request: Request): number | undefined {
  const header = request.headers.get("if-match")?.trim();
  if (!header || header === "*") return undefined;
  const version = Number(header.replace(/^W\//, "").replace(/"/g, ""));
  return Number.isInteger(version) && version > 0 ? version : -1;
}

export const { loader, action } = apiRoute(endpoints, apiSignIn("fileIndex"), {
  getRackFile: async ({ params }) => {
    const { rackName, fileId } = target(params);
    const file = await findFile(db, rackName, fileId);
    if (!file) return jsonAnswer({ message: messages.fileNotFound }, 404);
    return jsonAnswer(toApiFile(file), 200, { etag: etag(file.version) });
  },
  renameRackFile: async ({ request, params }, user) => {
    const { rackName, fileId } = target(params);
    const parsed = fileUpdateSchema.safeParse(await readJson(request));
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const version = parsed.data.version ?? ifMatchVersion(request);
    const outcome = await updateFile(db, rackName, fileId, { ...parsed.data, version }, user.id);
    if (!outcome.ok) {
      return outcome.reason === "not-found"
        ? jsonAnswer({ message: messages.fileNotFound }, 404)
        : jsonAnswer({ message: STALE_RECORD_MESSAGE }, 409);
    }
    return jsonAnswer({ message: messages.updated, file: toApiFile(outcome.file) }, 200, {
      etag: etag(outcome.file.version),
    });
  },
  deleteRackFile: async ({ params }, user) => {
    const { rackName, fileId } = target(params);
    const deleted = await deleteFile(db, rackName, fileId, user.id);
    if (!deleted) return jsonAnswer({ message: messages.fileNotFound }, 404);
    return jsonAnswer({ message: messages.deleted });
  },
});
