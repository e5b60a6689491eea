import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { PRINT_ROW_LIMIT, printedAtNow } from "#app/db/list.server.ts";
import { issuedInCoverWindow } from "#app/ledger/cover.server.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { coverCells, stockCover } from "#app/spares/cover.ts";
import { listForPrint } from "#app/spares/list.server.ts";
import { appliedSparesFilters, readSparesView } from "#app/spares/list.ts";
import type { ListRow } from "#app/spares/queries.server.ts";
import {
  departmentListPath,
  excessShortFall,
  isDepartment,
  MENU_TABLE_PATHS,
  unknownDepartmentMessage,
} from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";

// /products/{department}/print?…: the department's whole table, as searched and filtered, on
// paper (every page of the list). Sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
// The table's own styles (figures right-aligned), as on screen.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sparesCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.department ?? "Spare parts"} spare parts (print) · PlantOps` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares");
  const department = params.department;
  if (!isDepartment(department))
    throw new Response(unknownDepartmentMessage(String(department)), { status: 404 });
  const url = new URL(request.url);
  const { params: list, filters } = readSparesView(url.searchParams);
  const today = dateInZone(new Date(), serverSettings().PLANT_TIME_ZONE);
  let rows: ListRow[] = [];
  let issued = new Map<string, number>();
  try {
    rows = await listForPrint(db, department, list, filters);
    // The whole department's issues in one query (the print may hold thousands of lines).
    issued = await issuedInCoverWindow(db, { department }, today);
  } catch (error) {
    logError(request, error);
  }
  const truncated = rows.length > PRINT_ROW_LIMIT;
  const back = new URLSearchParams(url.searchParams);
  const backQuery = back.toString();
  return {
    department,
    rows: (truncated ? rows.slice(0, PRINT_ROW_LIMIT) : rows).map((row) => ({
      ...row,
      cover: coverCells(
        stockCover({
          stock: row.availableStock,
          issued: issued.get(row.id) ?? 0,
          leadTimeDays: row.leadTimeDays,
          today,
        }),
      ),
    })),
    truncatedAt: truncated ? PRINT_ROW_LIMIT : undefined,
    filters: appliedSparesFilters(list.q, filters),
    printedAt: printedAtNow(),
    backHref: `${MENU_TABLE_PATHS[department] ?? departmentListPath(department)}${backQuery ? `?${backQuery}` : ""}`,
  };
}

export default function SparesPrintPage() {
  const { department, rows, truncatedAt, filters, printedAt, backHref } = useLoaderData<typeof loader>();
  return (
    <PrintList
      title={`${department} spare parts`}
      filters={filters}
      printedAt={printedAt}
      total={rows.length}
      truncatedAt={truncatedAt}
      backHref={backHref}
    >
      <table className="inventory-table">
        <thead>
          <tr>
            <th scope="col">Serial Number</th>
            <th scope="col">Assets</th>
            <th scope="col">Components/Equipments</th>
            <th scope="col">Available stock</th>
            <th scope="col">Min Stock</th>
            <th scope="col">Lead time</th>
            <th scope="col">Excess/Short Fall</th>
            <th scope="col">Status of Order</th>
            <th scope="col">Days of cover</th>
            <th scope="col">Order by</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.srno}</td>
              <td>{row.assets}</td>
              <td>{row.componentsAndEquipments}</td>
              <td>{row.availableStock}</td>
              <td>{row.minStock}</td>
              <td>{row.leadTimeDays}</td>
              <td>{excessShortFall(row.availableStock, row.minStock)}</td>
              <td>{row.status}</td>
              <td>{row.cover.days}</td>
              <td>{row.cover.orderBy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
