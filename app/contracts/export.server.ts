import { contractsExportQuery, type StatusClock } from "#app/contracts/list.server.ts";
import { readContractView, STATUS_FILTER_LABELS } from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { contractStatusAt } from "#app/contracts/rules.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { exportColumns, exportFields } from "#app/lib/record.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { sheetOf } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// What /amc exports (issue 18): the definition's columns (record.ts), headed as the page and its
// print view head them so an exported file imports again (import.server.ts), then each contract's
// status now; its rows are the list's own query, every matching row in the list's order.

const FIELDS = exportFields(contractRecord);

export const CONTRACT_COLUMNS: ExportColumn[] = [
  ...exportColumns(contractRecord),
  { header: "Status", type: "text" },
];

export function contractsExport(db: Tx, search: URLSearchParams, clock: StatusClock): ExportSpec {
  const { params, status } = readContractView(search);
  const select = Object.fromEntries(FIELDS.map((name) => [name, contracts[name]]));
  const statusOf = contractStatusAt(clock.now, clock.timeZone, clock.dueSoonDays);
  const validityTo = FIELDS.indexOf("validityTo");
  const nextDueOn = FIELDS.indexOf("nextDueOn");
  return {
    what: "contracts",
    columns: CONTRACT_COLUMNS,
    sheets: [
      sheetOf("Contracts", contractsExportQuery(db, select, params, status, clock), (row) => [
        ...row,
        STATUS_FILTER_LABELS[
          statusOf({
            validityTo: row[validityTo] as string | null,
            nextDueOn: row[nextDueOn] as string | null,
          })
        ],
      ]),
    ],
  };
}
