import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { stylesheet } from "#app/ui/page-head.ts";

// /{format}/records/print?…: every record of the searched, date-ranged list (all pages) on paper,
// in the list's order, sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const links = stylesheet(sopCss);
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.format.code} records (print) · PlantOps` : "PlantOps" },
];

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
  const list = useLoaderData<typeof loader>();
  const { format, rows } = list;
  return (
    <PrintList title={`${format.code} records · ${format.title}`} list={list}>
      <table>
        <ColumnHeads columns={["Date", ...format.keyLabels, "Saved by", "Saved at"]} />
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
