import { NOT_YOURS_TODAY_MESSAGE } from "#app/auth/permissions.ts";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiRoute, type Params } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { validationBody } from "#app/lib/validation.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { DELETED_MESSAGE } from "#app/sop/paths.ts";
import { deleteRecord, getRecord, toApiRecord, updateRecord } from "#app/sop/queries.server.ts";
import { mayChange } from "#app/sop/route-helpers.server.ts";
import { recordNotFound, requireApiFormat, splitVersion } from "#app/sop/routes/api-shared.server.ts";
import { endpoints } from "#app/sop/routes.ts";

/** The sign-in, then the format the address names (404 for none) and the record's id. */
async function signIn(request: Request, params: Params) {
  const user = await requireApiPermission(request, "sop");
  return { user, definition: requireApiFormat(params.format), id: params.id ?? "" };
}

/** A change's record, if it exists; a guard may change only their own of today (403). */
async function changeable({ user, definition, id }: Awaited<ReturnType<typeof signIn>>) {
  const existing = await getRecord(db, definition, id);
  const refusal =
    existing && !mayChange(user, existing) ? jsonAnswer({ message: NOT_YOURS_TODAY_MESSAGE }, 403) : null;
  return { existing, refusal };
}

// GET, PUT and DELETE /api/sop/{format}/{id}.
export const { loader, action } = apiRoute(endpoints, signIn, {
  getSopRecord: async (_args, { definition, id }) => {
    const record = await getRecord(db, definition, id);
    return record ? jsonAnswer(toApiRecord(record)) : recordNotFound();
  },
  deleteSopRecord: async (_args, addressed) => {
    const { refusal } = await changeable(addressed);
    if (refusal) return refusal;
    const { user, definition, id } = addressed;
    if (!(await deleteRecord(db, definition, id, user.id))) return recordNotFound();
    return jsonAnswer({ message: DELETED_MESSAGE });
  },
  updateSopRecord: async ({ request }, addressed) => {
    const { existing, refusal } = await changeable(addressed);
    if (refusal) return refusal;
    if (!existing) return recordNotFound();
    const { user, definition, id } = addressed;
    const { fields, version, invalid } = splitVersion(await readJson(request));
    if (invalid) {
      return jsonAnswer(
        {
          message: "version must be a whole number.",
          errors: { version: ["version must be a whole number."] },
        },
        400,
      );
    }
    const parsed = schemaFor(definition).safeParse(fields);
    if (!parsed.success) return jsonAnswer(validationBody(parsed.error), 400);
    const outcome = await updateRecord(db, definition, id, parsed.data, user.id, version);
    if (!outcome.ok)
      return outcome.reason === "stale"
        ? jsonAnswer({ message: STALE_RECORD_MESSAGE }, 409)
        : recordNotFound();
    const record = await getRecord(db, definition, id);
    return record ? jsonAnswer(toApiRecord(record)) : recordNotFound();
  },
});
