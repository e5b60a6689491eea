import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { listPrint } from "#app/db/list.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { coverCells, stockCover } from "#app/spares/cover.ts";
import { listForPrint } from "#app/spares/list.server.ts";
import { appliedSparesFilters, readSparesView } from "#app/spares/list.ts";
import type { ListRow } from "#app/spares/queries.server.ts";
import { sparesRecord } from "#app/spares/record.ts";
import {
  departmentListPath,
  excessShortFall,
  isDepartment,
  MENU_TABLE_PATHS,
  unknownDepartmentMessage,
} from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { HeadCells } from "#app/ui/list/page.tsx";
import { PrintList, printHandle } from "#app/ui/list/print.tsx";
import { RecordCells, RecordPrintHead } from "#app/ui/list/record-cells.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// /products/{department}/print?…: the department's whole table, as searched and filtered, on
// paper (every page of the list). Sent without JavaScript (docs/architecture.md "Lists").

export const handle = printHandle;
// The table's own styles (figures right-aligned), as on screen.
export const links = stylesheet(sparesCss);
export const meta = pageTitleOf<{ department: string }>(({ department }, _) =>
  _("{department} spare parts (print)", { department: _(department) }),
);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares");
  const department = params.department;
  if (!isDepartment(department)) throw new HttpError(404, unknownDepartmentMessage(String(department)));
  const url = new URL(request.url);
  const { params: list, filters } = readSparesView(url.searchParams);
  const today = plantToday();
  let rows: ListRow[] = [];
  let issued = new Map<string, number>();
  try {
    rows = await listForPrint(db, department, list, filters);
    // The whole department's issues in one query (the print may hold thousands of lines).
    issued = await issuedInCoverWindow(db, { department }, today);
  } catch (error) {
    logError(request, error);
  }
  const withCover = rows.map((row) => ({
    ...row,
    cover: coverCells(
      stockCover({
        stock: row.availableStock,
        issued: issued.get(row.id) ?? 0,
        leadTimeDays: row.leadTimeDays,
        today,
      }),
    ),
  }));
  const back = MENU_TABLE_PATHS[department] ?? departmentListPath(department);
  return {
    department,
    // The filters as the header names them; the page words them again in its language.
    ...listPrint(withCover, appliedSparesFilters(list.q, filters), back, url.searchParams),
    q: list.q,
    shown: filters,
  };
}

export default function SparesPrintPage() {
  const list = useLoaderData<typeof loader>();
  const { department, rows, q, shown } = list;
  const { _ } = useLingui();
  return (
    <PrintList
      title={`${department} spare parts`}
      list={{ ...list, filters: appliedSparesFilters(q, shown, _) }}
    >
      <table className="inventory-table">
        {/* The table's columns, less its actions: the line's fields, then what is worked out. */}
        <RecordPrintHead definition={sparesRecord} plain>
          <HeadCells labels={["Excess/Short Fall", "Status of Order", "Days of cover", "Order by"]} />
        </RecordPrintHead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <RecordCells definition={sparesRecord} row={row} q="" plain />
              <td>{excessShortFall(row.availableStock, row.minStock)}</td>
              <td>{_(row.status)}</td>
              {/* A cell's words ("Order now", "over 100 years") are the catalogue's; a figure or a date is itself. */}
              <td>{_(row.cover.days)}</td>
              <td>{_(row.cover.orderBy)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintList>
  );
}
