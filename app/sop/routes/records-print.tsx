import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { formatDateGB, formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { appliedRecordFilters, type RecordRow, readRecordView } from "#app/sop/list.ts";
import { recordsPath } from "#app/sop/paths.ts";
import { listRecordsForPrint } from "#app/sop/queries.server.ts";
import { requireFormat } from "#app/sop/route-helpers.server.ts";
import sopCss from "#app/sop/sop.css?url";
import { ColumnHeads } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// /{format}/records/print?…: every record of the searched, date-ranged list (all pages) on paper,
// in the list's order, sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const links = stylesheet(sopCss);
export const meta = pageTitleOf<{ format: { code: string } }>((data, _) =>
  _("{code} records (print)", { code: data.format.code }),
);

export async function loader({ request, params: routeParams }: LoaderFunctionArgs) {
  await requirePermission(request, "sop");
  const definition = requireFormat(routeParams.format);
  const url = new URL(request.url);
  const { params, range } = readRecordView(url.searchParams);
  const zone = serverSettings().PLANT_TIME_ZONE;
  let rows: RecordRow[] = [];
  try {
    rows = (await listRecordsForPrint(db, definition, params, range)).map((record) => ({
      id: record.id,
      date: formatDateGB(record.recordDate),
      keys: record.keys,
      savedBy: record.savedBy ?? "",
      savedAt: formatDateTimeGB(record.createdAt, zone),
    }));
  } catch (error) {
    logError(request, error);
  }
  return {
    format: {
      code: definition.code,
      title: definition.title,
      keyLabels: definition.keyFields.map((field) => field.label),
    },
    ...listPrint(
      rows,
      appliedRecordFilters(params.q, range, formatDateGB),
      recordsPath(definition),
      url.searchParams,
    ),
  };
}

export default function SopRecordsPrintPage() {
  const loaded = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  const { format, rows } = loaded;
  // The filters' names ("Search", "From", "To") in the page's language; their values as typed.
  const list = {
    ...loaded,
    filters: loaded.filters.map((filter) => ({ ...filter, label: _(filter.label) })),
  };
  return (
    <PrintList title={`${_("{code} records", { code: format.code })} · ${_(format.title)}`} list={list}>
      <table>
        <ColumnHeads
          columns={[_("Date"), ...format.keyLabels.map((label) => _(label)), _("Saved by"), _("Saved at")]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.date}</td>
              {row.keys.map((key, index) => (
                <td key={index}>{key}</td>
              ))}
              <td>{row.savedBy}</td>
              <td>{row.savedAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
