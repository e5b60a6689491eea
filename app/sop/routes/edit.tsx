import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { SopForm, type SopFormResult } from "#app/sop/engine/form.tsx";
import { formDefaults } from "#app/sop/engine/values.ts";
import { recordPath, UPDATED_MESSAGE } from "#app/sop/paths.ts";
import { updateRecord } from "#app/sop/queries.server.ts";
import { checkedSopForm, requireChangeableRecord } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// Edit a saved record. The version read travels with the form; a save after someone else's is
// refused with the shared message (README difference 20) and the typed input is kept. The definition
// comes with the loader data, as on the blank form (form.tsx).

export const links = stylesheet(sopCss);
export const meta = pageTitleOf<{ code: string }>((data, _) => _("Edit {code} record", { code: data.code }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { definition, record } = await requireChangeableRecord(request, params);
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
  const { user, definition } = await requireChangeableRecord(request, params);
  const checked = await checkedSopForm(definition, request);
  if ("answer" in checked) return checked.answer;
  const { submission, formData } = checked;
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
  const { _ } = useLingui();
  return (
    <section className="page">
      <p className="muted no-print">{_("Editing a saved record")}</p>
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
