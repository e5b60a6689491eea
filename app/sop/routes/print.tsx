import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { SopSheet } from "#app/sop/engine/sheet.tsx";
import { recordPath } from "#app/sop/paths.ts";
import { requireFormat, requireRecord } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { PrintNowButton, printHandle } from "#app/ui/list/print.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// The print view: only the paper (A4 in the format's orientation, sop.css and <PageOrientation>),
// plus a Print button and a note that hide in print. Sent without JavaScript like every print
// view (nothing to download or hydrate). The definition comes with the loader data, as on the
// blank form (form.tsx).

export const handle = printHandle;
export const links = stylesheet(sopCss);
export const meta = pageTitleOf<{ code: string }>((data, _) => _("Print {code} record", { code: data.code }));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "sop");
  const definition = requireFormat(params.format);
  const record = await requireRecord(definition, params.id);
  return { code: definition.code, definition, id: record.id, data: record.data };
}

export default function SopPrintPage() {
  const record = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const { definition } = record;
  return (
    <section className="page sop-print">
      <p className="no-print muted">
        <PrintNowButton /> {_("Print this page with your browser's Print command (Ctrl+P).")}{" "}
        <a href={recordPath(definition, record.id)}>{_("Back to the record")}</a>
      </p>
      <SopSheet definition={definition} data={record.data} />
    </section>
  );
}
