import { useLingui } from "@lingui/react";
import type { ContractRow } from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { RecordCells } from "#app/ui/list/record-cells.tsx";

// A contract's cells on the /amc table and its print view, drawn from the contract's definition
// (record.ts: a field with `list` is a column): the validity's two dates in one column, "from to
// to", and an expired or due-soon contract's tag beside the date that flags it (validity or next
// due).

/** A contract's cells, as text (shared with the print view). */
export function ContractCells({ row, q }: { row: ContractRow; q: string }) {
  const { _ } = useLingui();
  const tag = <StatusTag status={row.status} />;
  return (
    <RecordCells
      definition={contractRecord}
      row={row}
      q={q}
      texts={{
        validityFrom: _("{from} to {to}", {
          from: formatDateGB(row.validityFrom),
          to: formatDateGB(row.validityTo),
        }),
      }}
      after={{
        validityFrom: row.reason === "validity" ? tag : null,
        nextDueOn: row.reason === "pms" ? tag : null,
      }}
    />
  );
}

/** The status's tag, beside the date that decides it (rules.ts contractState): it says why. */
function StatusTag({ status }: { status: ContractRow["status"] }) {
  const { _ } = useLingui();
  if (status === "expired") return <span className="tag tag-expired">{_("Expired")}</span>;
  return status === "dueSoon" ? <span className="tag tag-due-soon">{_("Due soon")}</span> : null;
}
