import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { HttpError, readForm } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { SopForm, type SopFormResult } from "#app/sop/engine/form.tsx";
import { formDefaults } from "#app/sop/engine/values.ts";
import { NOT_SAVED_MESSAGE, recordPath, UPDATED_MESSAGE } from "#app/sop/paths.ts";
import { updateRecord } from "#app/sop/queries.server.ts";
import {
  assertMayChange,
  parseSopForm,
  requireFormat,
  requireRecord,
  unansweredReply,
} from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";

// Edit a saved record. The version read travels with the form; a save after someone else's is
// refused with the shared message (README difference 20) and the typed input is kept. The definition
// comes with the loader data, as on the blank form (form.tsx).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: sopCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.code} record · PlantOps` : "PlantOps" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "sop", "write");
  const definition = requireFormat(params.format);
  const record = await requireRecord(definition, params.id);
  assertMayChange(user, record);
  return {
    code: definition.code,
    definition,
    id: record.id,
    version: record.version,
    defaultValue: formDefaults(definition, record.data, plantToday()),
    today: plantToday(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "sop", "write");
  const definition = requireFormat(params.format);
  assertMayChange(user, await requireRecord(definition, params.id));
  const formData = await readForm(request);
  const submission = parseSopForm(definition, formData);
  if (submission.status !== "success") {
    const failed = submission.status === "error";
    return data(submission.reply(failed ? { formErrors: [NOT_SAVED_MESSAGE] } : undefined), {
      status: failed ? 400 : 200,
    });
  }
  const warning = unansweredReply(definition, submission, formData);
  if (warning) return warning;
  const version = Number(formData.get("version"));
  const outcome = await updateRecord(
    db,
    definition,
    params.id ?? "",
    submission.value,
    user.id,
    Number.isInteger(version) ? version : -1,
  );
  if (!outcome.ok && outcome.reason === "not-found") throw new HttpError(404, "Record not found");
  if (!outcome.ok) return data(submission.reply({ formErrors: [STALE_RECORD_MESSAGE] }), { status: 409 });
  return redirectWithToast(recordPath(definition, params.id ?? ""), {
    type: "success",
    message: UPDATED_MESSAGE,
  });
}

export default function SopEditPage() {
  const { definition, id, version, defaultValue, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SopFormResult | undefined;
  return (
    <section className="page">
      <p className="muted no-print">Editing a saved record</p>
      <SopForm
        key={id}
        definition={definition}
        lastResult={lastResult}
        defaultValue={defaultValue}
        today={today}
        version={version}
        cancelHref={recordPath(definition, id)}
      />
    </section>
  );
}
