import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { CountsBlock, InputDef, RegisterBlock } from "#app/sop/engine/types.ts";

// The table layouts of a register and of counts, shared by the form and the printed sheet as
// ChecklistGrid is (checklist-grid.tsx): the paper's captions, headings, Sr No. and totals row are
// laid out here once; what a cell holds (an input, or the saved value) is the form's or the sheet's.

/** A register: a table per part, the parts sharing the rows (AS09: inbound and outbound). */
export function RegisterGrid({
  block,
  rowKeys,
  cell,
  tableClassName,
  wrapClassName,
  headMark,
  cellClassName,
  rowTool,
}: {
  block: RegisterBlock;
  /** A key per row, in order. */
  rowKeys: readonly (string | number)[];
  /** What a column's cell holds in the row at `index`. */
  cell: (column: InputDef, index: number) => ReactNode;
  tableClassName: string;
  /** The scrolling wrapper around each part's table. */
  wrapClassName: string;
  /** Written after a column's label in its heading (the form's required mark). */
  headMark?: (column: InputDef) => ReactNode;
  cellClassName?: (column: InputDef) => string | undefined;
  /** A last column in the first part only, beside each row (the form's Remove buttons). */
  rowTool?: { head: ReactNode; cell: (index: number) => ReactNode };
}) {
  const { _ } = useLingui();
  return block.parts.map((part, partIndex) => {
    const tool = partIndex === 0 ? rowTool : undefined;
    return (
      <div className={wrapClassName} key={part.title ?? partIndex}>
        <table className={tableClassName}>
          {part.title ? <caption>{_(part.title)}</caption> : null}
          <thead>
            <tr>
              <th className="num">{_("Sr No.")}</th>
              {part.columns.map((column) => (
                <th key={column.name}>
                  {_(column.label)}
                  {headMark?.(column)}
                </th>
              ))}
              {tool?.head}
            </tr>
          </thead>
          <tbody>
            {rowKeys.map((key, index) => (
              <tr key={key}>
                <td className="num">{index + 1}</td>
                {part.columns.map((column) => (
                  <td key={column.name} className={cellClassName?.(column)}>
                    {cell(column, index)}
                  </td>
                ))}
                {tool?.cell(index)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  });
}

/** Counts per type with their total (AS16 G: the inventory of cylinders). */
export function CountsGrid({
  block,
  tableClassName,
  countHeadClassName,
  countCell,
  totalCell,
}: {
  block: CountsBlock;
  tableClassName: string;
  countHeadClassName?: string;
  /** The count's cell (a <td>) of an item. */
  countCell: (item: CountsBlock["items"][number]) => ReactNode;
  /** The total's cell (a <td>). */
  totalCell: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <table className={tableClassName}>
      <caption>{_(block.title)}</caption>
      <thead>
        <tr>
          <th className="num">{_("Sr No.")}</th>
          <th>{_(block.itemColumn)}</th>
          <th className={countHeadClassName}>{_(block.countColumn)}</th>
        </tr>
      </thead>
      <tbody>
        {block.items.map((item, index) => (
          <tr key={item.key}>
            <td className="num">{index + 1}</td>
            <td>{_(item.label)}</td>
            {countCell(item)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td />
          <th scope="row">{_(block.totalLabel)}</th>
          {totalCell}
        </tr>
      </tfoot>
    </table>
  );
}
