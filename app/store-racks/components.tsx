import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { escapeHtml, type Marker } from "#app/ui/html.ts";
import { HtmlRows, useRowsHtml } from "#app/ui/html-rows.tsx";
import { matchesQuery } from "#app/ui/search.tsx";
import type { RackRow } from "./rows.ts";
import { formatQuantity, rackLabel } from "./rules.ts";

const cellTexts = (row: RackRow) => [
  row.section,
  row.materialName,
  formatQuantity(row.availableStock),
  formatQuantity(row.issue),
  formatQuantity(row.receipt),
  formatQuantity(row.closingStock),
];

export const deleteHref = (rackNumber: number, id: string) => `/about/${rackNumber}/${id}/delete`;

/**
 * One rack: a <details> panel (works without JavaScript). With ?q= (the navbar search without
 * JavaScript) a panel holding a match renders open and the cells mark it; with JavaScript the
 * navbar opens the panels itself.
 */
export function RackPanel({
  rackNumber,
  rows,
  query,
  onRowClick,
}: {
  rackNumber: number;
  rows: RackRow[];
  query: string;
  onRowClick: (event: MouseEvent<HTMLElement>) => void;
}) {
  const html = useRowsHtml(rows, (row, mark) => rackItemRow(rackNumber, row, mark), [rackNumber]);
  const open = query ? rows.some((row) => cellTexts(row).some((text) => matchesQuery(text, query))) : false;
  const count = `${rows.length} ${rows.length === 1 ? "item" : "items"}`;
  return (
    <details className="rack" open={open} id={`rack-${rackNumber}`}>
      <summary>
        <span className="rack-title">{rackLabel(rackNumber)}</span>{" "}
        <span className="rack-count">({count})</span>
      </summary>
      <div className="rack-body">
        <Link
          to={`/insertproducts/${rackNumber}`}
          className="button small primary"
          aria-label={`Insert New Item in rack ${rackNumber}`}
        >
          Insert New Item
        </Link>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Section</th>
                <th>Material Name</th>
                <th className="num">Available Stock</th>
                <th className="num">Issue</th>
                <th className="num">Receipt</th>
                <th className="num">Closing Stock</th>
                <th>Update</th>
                <th>Delete</th>
              </tr>
            </thead>
            {rows.length ? (
              <HtmlRows key="rows" html={html} onClick={onRowClick} />
            ) : (
              <tbody>
                <tr>
                  <td colSpan={8} className="empty">
                    No items in this rack yet.
                  </td>
                </tr>
              </tbody>
            )}
          </table>
        </div>
      </div>
    </details>
  );
}

/**
 * One item as HTML (html-rows.tsx). Kept lean: with 1,200 items every byte of a row counts
 * (architecture.md "Page weight"). The material name is the row header (a <td>, so the navbar
 * search still finds it), so "Update" and "Delete" are announced with it; racks.css styles the
 * cells rather than a class on each.
 */
function rackItemRow(rackNumber: number, row: RackRow, mark: Marker) {
  const [section, materialName, available, issue, receipt, closing] = cellTexts(row);
  return (
    `<tr><td>${mark(section)}</td><td role="rowheader">${mark(materialName)}</td>` +
    `<td>${mark(available)}</td><td>${mark(issue)}</td><td>${mark(receipt)}</td><td>${mark(closing)}</td>` +
    `<td><a href="${escapeHtml(`/rackupdate/${rackNumber}/${row.id}`)}">Update</a></td>` +
    `<td><a href="${escapeHtml(deleteHref(rackNumber, row.id))}">Delete</a></td></tr>`
  );
}
