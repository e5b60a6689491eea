import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { listRacksForPrint, type RackListRow } from "#app/store-racks/list.server.ts";
import { appliedRackFilters, readRackPeriod, readRackView } from "#app/store-racks/list.ts";
import { formatQuantity, rackLabel } from "#app/store-racks/rules.ts";
import { ColumnHeads } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
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
  return listPrint(rows, appliedRackFilters(params.q, rack, period), "/about", url.searchParams);
}

export default function StoreRacksPrintPage() {
  const list = useLoaderData<typeof loader>();
  const { rows } = list;
  return (
    <PrintList title="Store Racks" list={list}>
      <table>
        <ColumnHeads
          columns={[
            "Rack",
            "Section",
            "Material Name",
            "Available Stock",
            "Issue",
            "Receipt",
            "Closing Stock",
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{rackLabel(row.rackNumber)}</td>
              <td>{row.section}</td>
              <td>{row.materialName}</td>
              <td>{formatQuantity(row.availableStock)}</td>
              <td>{formatQuantity(row.issue)}</td>
              <td>{formatQuantity(row.receipt)}</td>
              <td>{formatQuantity(row.closingStock)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
