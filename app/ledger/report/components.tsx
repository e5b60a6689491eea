import type { ReportFigures } from "#app/ledger/report/view.ts";
import { formatQuantity } from "#app/ledger/rules.ts";

// Pieces the report page and its print view share.

/** Opening, receipts, issues, count differences (signed) and closing, as cells. */
export function Figures({ figures }: { figures: ReportFigures }) {
  return (
    <>
      <td className="num">{formatQuantity(figures.opening)}</td>
      <td className="num">{formatQuantity(figures.receipts)}</td>
      <td className="num">{formatQuantity(figures.issues)}</td>
      <td className="num">
        {figures.counts > 0 ? `+${formatQuantity(figures.counts)}` : formatQuantity(figures.counts)}
      </td>
      <td className="num">{formatQuantity(figures.closing)}</td>
    </>
  );
}

/** The figure columns' headers. */
export function FigureHeaders() {
  return (
    <>
      <th scope="col" className="num">
        Opening
      </th>
      <th scope="col" className="num">
        Receipts
      </th>
      <th scope="col" className="num">
        Issues
      </th>
      <th scope="col" className="num">
        Counts ±
      </th>
      <th scope="col" className="num">
        Closing
      </th>
    </>
  );
}
