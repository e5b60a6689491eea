import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { mayChangeSopRecord, NOT_YOURS_TODAY_MESSAGE } from "#app/auth/permissions.ts";
import type { SessionUser } from "#app/auth/queries.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { HttpError, notFound, readForm } from "#app/lib/http.server.ts";
import { parseSopSubmission } from "#app/sop/engine/parse.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import { SAVE_ANYWAY_FIELD, unansweredItems } from "#app/sop/engine/values.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { NOT_SAVED_MESSAGE } from "#app/sop/paths.ts";
import { getRecord } from "#app/sop/queries.server.ts";

// Shared by the SOP route modules: the format of the URL, the record of the URL, today's date.

/** The format named by the URL (any case), or the 404 page. */
export function requireFormat(name: string | undefined): FormatDefinition {
  const definition = findFormat(name);
  if (!definition) notFound("There is no page at this address.");
  return definition;
}

export async function requireRecord(definition: FormatDefinition, id: string | undefined) {
  const record = id ? await getRecord(db, definition, id) : null;
  if (!record) notFound("Record not found");
  return record;
}

/** Whether this user may edit or delete this record (a guard: only their own of today). */
export const mayChange = (user: SessionUser, record: { createdBy: string | null; createdAt: Date }) =>
  mayChangeSopRecord(user, record, new Date(), serverSettings().PLANT_TIME_ZONE);

/** The edit and delete pages' second guard: another's record, or an older one, is the 403 page for a guard. */
export function assertMayChange(user: SessionUser, record: { createdBy: string | null; createdAt: Date }) {
  if (!mayChange(user, record)) throw new HttpError(403, NOT_YOURS_TODAY_MESSAGE);
}

/**
 * The record of the edit and delete pages (and their actions): the URL's format and record, for a
 * user who may write SOP records and may change this one (a guard: only their own of today).
 */
export async function requireChangeableRecord(request: Request, params: { format?: string; id?: string }) {
  const user = await requirePermission(request, "sop", "write");
  const definition = requireFormat(params.format);
  const record = await requireRecord(definition, params.id);
  assertMayChange(user, record);
  return { user, definition, record };
}

/** Parses a posted form with the format's schema (the same parse the browser runs). */
export function parseSopForm(definition: FormatDefinition, formData: FormData) {
  return parseSopSubmission(formData, definition);
}

/**
 * A save that leaves checklist items unanswered, without "Save anyway": the form comes back as
 * typed, with the items listed (the same round trip with JavaScript on or off). Null: save it.
 */
export function unansweredReply(
  definition: FormatDefinition,
  submission: Submission<SopData, string[]> & { status: "success" },
  formData: FormData,
) {
  if (formData.get(SAVE_ANYWAY_FIELD)) return null;
  const unanswered = unansweredItems(definition, submission.value);
  return unanswered.length ? data({ ...submission.reply(), unanswered }) : null;
}

/**
 * A posted form of the format, checked for saving: either the answer to send back (the form with
 * its errors, the same form a row longer or shorter after "Add row" / "Remove row", or the
 * unanswered items' warning), or the submission to save and its form data.
 */
export async function checkedSopForm(definition: FormatDefinition, request: Request) {
  const formData = await readForm(request);
  const submission = parseSopForm(definition, formData);
  if (submission.status !== "success") {
    const failed = submission.status === "error";
    const reply = submission.reply(failed ? { formErrors: [NOT_SAVED_MESSAGE] } : undefined);
    return { answer: data(reply, { status: failed ? 400 : 200 }) } as const;
  }
  const warning = unansweredReply(definition, submission, formData);
  if (warning) return { answer: warning } as const;
  return { submission, formData } as const;
}
