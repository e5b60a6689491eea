import type { ContractRow } from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { cellText } from "#app/contracts/rules.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { sortNames } from "#app/lib/record.ts";
import { Marked } from "#app/ui/list/marked.tsx";

// The /amc table's columns and a contract's ten cells, shared by the list and its print view. An
// expired or due-soon contract's tag sits beside the date that flags it (validity or next due).

/**
 * The columns as the table and the print view head them, with the sort each header sets: the
 * sortable fields (record.ts) under their labels, the validity's two dates in one column.
 */
export const SORTABLE = sortNames(contractRecord).map(
  (name) =>
    [name, name === "validityFrom" ? "Validity From and To" : contractRecord.fields[name].label] as const,
);

/** The ten cells of a contract, as text (shared with the print view). */
export function ContractCells({ row, q }: { row: ContractRow; q: string }) {
  return (
    <>
      <td>
        <Marked text={cellText(row.equipment)} q={q} />
      </td>
      <td>
        <Marked text={cellText(row.company)} q={q} />
      </td>
      <td>
        <Marked text={`${formatDateGB(row.validityFrom)} to ${formatDateGB(row.validityTo)}`} q={q} />
        {row.reason === "validity" ? <StatusTag status={row.status} /> : null}
      </td>
      <td>
        <Marked text={cellText(row.pms)} q={q} />
      </td>
      <td>
        <Marked text={cellText(row.vendorCode)} q={q} />
      </td>
      <td>
        <Marked text={cellText(row.contractNumber)} q={q} />
      </td>
      <td>
        <Marked text={cellText(row.concernedPerson)} q={q} />
      </td>
      <td>
        <Marked text={cellText(row.mobileNumber)} q={q} />
      </td>
      <td>
        <Marked text={formatDateGB(row.lastCheckedOn)} q={q} />
      </td>
      <td>
        <Marked text={formatDateGB(row.nextDueOn)} q={q} />
        {row.reason === "pms" ? <StatusTag status={row.status} /> : null}
      </td>
    </>
  );
}

/** The status's tag, beside the date that decides it (rules.ts contractState): it says why. */
function StatusTag({ status }: { status: ContractRow["status"] }) {
  if (status === "expired") return <span className="tag tag-expired">Expired</span>;
  return status === "dueSoon" ? <span className="tag tag-due-soon">Due soon</span> : null;
}
