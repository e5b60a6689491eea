import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission, requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { SopForm, type SopFormResult } from "#app/sop/engine/form.tsx";
import { formDefaults } from "#app/sop/engine/values.ts";
import { recordPath, SAVED_MESSAGE } from "#app/sop/paths.ts";
import { createRecord } from "#app/sop/queries.server.ts";
import { checkedSopForm, requireFormat } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// The blank form of a format: /AS11, /as10, … (any case). Save stores it and opens the record.
// The format's definition travels in the loader data: one route module serves all ten formats, and
// importing them all would put every format's items into every form page's JavaScript
// (the JavaScript-per-page budget of docs/performance.md). The server keeps them all (route-helpers.server.ts).

export const links = stylesheet(sopCss);
export const meta = pageTitleOf<{ code: string; definition: { title: string } }>(
  (data, _) => `${data.code} ${_(data.definition.title)}`,
);

// `/:format` also catches every unknown one-segment address: signed in, that is a 404 for every
// role, so the format is looked up before the role is asked.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const definition = requireFormat(params.format);
  await requirePermission(request, "sop", "write");
  return { code: definition.code, definition, today: plantToday() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const definition = requireFormat(params.format);
  const user = await requirePermission(request, "sop", "write");
  const checked = await checkedSopForm(definition, request);
  if ("answer" in checked) return checked.answer;
  const { id } = await createRecord(db, definition, checked.submission.value, user.id);
  return redirectWithToast(recordPath(definition, id), { type: "success", message: SAVED_MESSAGE });
}

export default function SopFormPage() {
  const { definition, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SopFormResult | undefined;
  return (
    <section className="page">
      <SopForm
        key={definition.code}
        definition={definition}
        lastResult={lastResult}
        defaultValue={formDefaults(definition, null, today)}
        today={today}
      />
    </section>
  );
}
