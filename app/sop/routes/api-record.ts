import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { NOT_YOURS_TODAY_MESSAGE } from "#app/auth/permissions.ts";
import { requireApiPermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { apiHandler, requireMethod } from "#app/lib/api-handler.server.ts";
import { jsonAnswer, readJson } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { validationBody } from "#app/lib/validation.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { DELETED_MESSAGE } from "#app/sop/paths.ts";
import { deleteRecord, getRecord, toApiRecord, updateRecord } from "#app/sop/queries.server.ts";
import { mayChange } from "#app/sop/route-helpers.server.ts";
import { recordNotFound, requireApiFormat, splitVersion } from "#app/sop/routes/api-shared.server.ts";

// GET, PUT and DELETE /api/sop/{format}/{id}.
export const loader = apiHandler(async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiPermission(request, "sop");
  const definition = requireApiFormat(params.format);
  const record = await getRecord(db, definition, params.id ?? "");
  return record ? jsonAnswer(toApiRecord(record)) : recordNotFound();
});

export const action = apiHandler(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiPermission(request, "sop");
  const definition = requireApiFormat(params.format);
  const id = params.id ?? "";
  const existing = await getRecord(db, definition, id);
  if (existing && !mayChange(user, existing)) return jsonAnswer({ message: NOT_YOURS_TODAY_MESSAGE }, 403);
  if (requireMethod(request, "PUT", "DELETE") === "DELETE") {
    if (!(await deleteRecord(db, definition, id, user.id))) return recordNotFound();
    return jsonAnswer({ message: DELETED_MESSAGE });
  }
  if (!existing) return recordNotFound();
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
    return outcome.reason === "stale" ? jsonAnswer({ message: STALE_RECORD_MESSAGE }, 409) : recordNotFound();
  const record = await getRecord(db, definition, id);
  return record ? jsonAnswer(toApiRecord(record)) : recordNotFound();
});
