import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { ChecklistBlock } from "#app/sop/engine/types.ts";
import { type ChecklistEntry, checklistEntries } from "#app/sop/engine/values.ts";

/**
 * The table layout of a checklist, shared by the form and the printed sheet (they differ only in
 * what a row holds): one table per section when numbering restarts per section (AS16), else one
 * table with a header row per section (AS10).
 */
export function ChecklistGrid({
  block,
  rowsOf,
  tableClassName,
  wrapClassName,
}: {
  block: ChecklistBlock;
  /** A section's rows: what each row holds is the form's or the sheet's. */
  rowsOf: (entries: ChecklistEntry[]) => ReactNode;
  tableClassName: string;
  /** A scrolling wrapper around each table (the form's); the sheet prints bare tables. */
  wrapClassName?: string;
}) {
  const { _ } = useLingui();
  const wrap = (table: ReactNode, key?: string) =>
    wrapClassName ? (
      <div className={wrapClassName} key={key}>
        {table}
      </div>
    ) : (
      table
    );
  const head = (
    <thead>
      <tr>
        <th className="num">{_("Sr. No.")}</th>
        <th>{_(block.itemColumn)}</th>
        <th>{_(block.status.label)}</th>
        {block.remarks ? <th>{_(block.remarks.label)}</th> : null}
      </tr>
    </thead>
  );
  const entries = checklistEntries(block);
  if (block.numbering === "per-section") {
    return (
      <>
        {block.sections.map((section, index) =>
          wrap(
            <table className={tableClassName} key={section.title}>
              {section.title ? <caption>{_(section.title)}</caption> : null}
              {head}
              <tbody>{rowsOf(entries[index])}</tbody>
            </table>,
            section.title,
          ),
        )}
      </>
    );
  }
  return wrap(
    <table className={tableClassName}>
      {head}
      {block.sections.map((section, index) => (
        <tbody key={section.key ?? section.title ?? "items"}>
          {section.title ? (
            <tr className="section-row">
              <th colSpan={block.remarks ? 4 : 3} scope="rowgroup">
                {_(section.title)}
              </th>
            </tr>
          ) : null}
          {rowsOf(entries[index])}
        </tbody>
      ))}
    </table>,
  );
}
