import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { listRacksForPrint, type RackListRow } from "#app/store-racks/list.server.ts";
import { appliedRackFilters, readRackPeriod, readRackView } from "#app/store-racks/list.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { rackLabel } from "#app/store-racks/rules.ts";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { RecordCells, RecordPrintHead } from "#app/ui/list/record-cells.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /about/print?…: every store-rack item of the searched/filtered list on paper, grouped by rack
// when in rack order. Sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const meta = pageTitle("Store Racks (print)");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "racks");
  const url = new URL(request.url);
  const { params, rack } = readRackView(url.searchParams);
  const period = readRackPeriod(url.searchParams, plantToday());
  let rows: RackListRow[] = [];
  try {
    rows = await listRacksForPrint(db, params, rack, period);
  } catch (error) {
    logError(request, error);
  }
  // The filters as the header names them; the page words them again in its language.
  return {
    ...listPrint(rows, appliedRackFilters(params.q, rack, period), "/about", url.searchParams),
    q: params.q,
    rack,
    period,
  };
}

export default function StoreRacksPrintPage() {
  const list = useLoaderData<typeof loader>();
  const { rows, q, rack, period } = list;
  const { _ } = useLingui();
  return (
    <PrintList title="Store Racks" list={{ ...list, filters: appliedRackFilters(q, rack, period, _) }}>
      <table>
        <RecordPrintHead definition={rackItemRecord} plain />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <RecordCells
                definition={rackItemRecord}
                row={row}
                q=""
                plain
                texts={{ rackNumber: _(rackLabel(row.rackNumber)) }}
              />
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
