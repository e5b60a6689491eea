import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { ContractCells } from "#app/contracts/components/contract-cells.tsx";
import contractsCss from "#app/contracts/contracts.css?url";
import { listContractsForPrint } from "#app/contracts/list.server.ts";
import { appliedContractFilters, type ContractRow, readContractView } from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { RecordPrintHead } from "#app/ui/list/record-cells.tsx";
import { pageTitle, stylesheet } from "#app/ui/page-head.ts";

// /amc/print?…: every contract of the searched and filtered list (all pages) on paper, in the
// list's order, sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
export const meta = pageTitle("Annual Maintenance Contracts (print)");
export const links = stylesheet(contractsCss);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "contracts");
  const url = new URL(request.url);
  const { params, status } = readContractView(url.searchParams);
  let rows: ContractRow[] = [];
  try {
    const settings = await getPlantSettings(db);
    rows = await listContractsForPrint(db, params, status, {
      now: new Date(),
      timeZone: serverSettings().PLANT_TIME_ZONE,
      dueSoonDays: settings.dueSoonDays,
    });
  } catch (error) {
    logError(request, error);
  }
  return listPrint(rows, appliedContractFilters(params.q, status), "/amc", url.searchParams);
}

export default function ContractsPrintPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <PrintList title="Annual Maintenance Contract" list={list}>
      <table className="amc-table">
        <RecordPrintHead definition={contractRecord} />
        <tbody>
          {list.rows.map((row) => (
            <tr
              key={row.id}
              className={
                row.status === "fine"
                  ? undefined
                  : `contract-${row.status === "expired" ? "expired" : "due-soon"}`
              }
            >
              <ContractCells row={row} q="" />
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
