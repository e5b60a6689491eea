import { contractsExportQuery, type StatusClock } from "#app/contracts/list.server.ts";
import { readContractView, STATUS_FILTER_LABELS } from "#app/contracts/list.ts";
import { contractStatusAt } from "#app/contracts/rules.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { racksInView, readFileView } from "#app/file-index/list.ts";
import { rackFilesExportQuery } from "#app/file-index/queries.server.ts";
import { isRackName } from "#app/file-index/rules.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import { readRecordView } from "#app/sop/list.ts";
import { recordsExportQuery } from "#app/sop/queries.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { batchesOfRows, cursorRows, sheetOf } from "#app/spreadsheets/rows.server.ts";
import { sopRecordsLayout } from "#app/spreadsheets/sop-columns.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// What each list exports (issue 18): its columns, headed as the page and its print view head
// them (so an exported file can be edited and imported again), and its rows from the list's own
// query — the same search, filters and order as the page, every matching row, not one page.

// ---- Maintenance contracts (/amc) ----

export const CONTRACT_COLUMNS: ExportColumn[] = [
  { header: "Equipment", type: "text" },
  { header: "Company", type: "text" },
  { header: "Validity From", type: "date" },
  { header: "Validity To", type: "date" },
  { header: "PMS", type: "text" },
  { header: "Vendor Code", type: "text" },
  { header: "Contract Number", type: "text" },
  { header: "Concerned Person", type: "text" },
  { header: "Mobile Number", type: "text" },
  { header: "Last Date of Checking", type: "date" },
  { header: "Next Due Date", type: "date" },
  { header: "Status", type: "text" },
];

export function contractsExport(db: Tx, search: URLSearchParams, clock: StatusClock): ExportSpec {
  const { params, status } = readContractView(search);
  const t = contracts;
  const select = {
    equipment: t.equipment,
    company: t.company,
    validityFrom: t.validityFrom,
    validityTo: t.validityTo,
    pms: t.pms,
    vendorCode: t.vendorCode,
    contractNumber: t.contractNumber,
    concernedPerson: t.concernedPerson,
    mobileNumber: t.mobileNumber,
    lastChecked: t.lastCheckedOn,
    nextDue: t.nextDueOn,
  };
  const statusOf = contractStatusAt(clock.now, clock.timeZone, clock.dueSoonDays);
  const validityTo = Object.keys(select).indexOf("validityTo");
  const nextDue = Object.keys(select).indexOf("nextDue");
  return {
    what: "contracts",
    columns: CONTRACT_COLUMNS,
    sheets: [
      sheetOf("Contracts", contractsExportQuery(db, select, params, status, clock), (row) => [
        ...row,
        STATUS_FILTER_LABELS[
          statusOf({
            validityTo: row[validityTo] as string | null,
            nextDueDate: row[nextDue] as string | null,
          })
        ],
      ]),
    ],
  };
}

// ---- The file index (/rackadmin, one cupboard, one rack or all: a sheet per rack) ----

export const FILE_COLUMNS: ExportColumn[] = [
  { header: "Rack", type: "text" },
  { header: "Sr. No", type: "integer" },
  { header: "Name of the File", type: "text" },
];

export function fileIndexExport(db: Tx, search: URLSearchParams): ExportSpec {
  const view = readFileView(search);
  const racks = racksInView(view.rack).flatMap((group) => group.racks);
  const select = { rack: rackFiles.rackName, number: rackFiles.fileNumber, name: rackFiles.name };
  const what = !view.rack
    ? "file-index"
    : isRackName(view.rack)
      ? `file-index-${view.rack}`
      : `file-index-cupboard-${view.rack}`;
  return {
    what,
    columns: FILE_COLUMNS,
    sheets: racks.map((name) => sheetOf(name, rackFilesExportQuery(db, select, name, view))),
  };
}

// ---- A SOP format's records (/{format}/records): every field, see sop-columns.ts ----

export function sopRecordsExport(
  db: Tx,
  definition: FormatDefinition,
  search: URLSearchParams,
  timeZone: string,
): ExportSpec {
  const { params, range } = readRecordView(search);
  const query = recordsExportQuery(db, definition, params, range, timeZone);
  const { columns, rowsOf } = sopRecordsLayout(definition);
  return {
    what: `${definition.code}-records`,
    columns,
    sheets: [
      {
        name: `${definition.code} records`,
        // A record with a register is a row per entry: a batch of records is more rows, written
        // in batches of the usual size.
        rows: async function* () {
          for await (const records of cursorRows(query))
            yield* batchesOfRows(
              records.flatMap(([date, data, savedBy, savedAt]) =>
                rowsOf({ date, data: data as SopData, savedBy, savedAt }),
              ),
            );
        },
      },
    ],
  };
}
