import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { ListStatus, type ListView, Pager, TableWrap } from "#app/ui/list/list-view.tsx";

// The frame every list page shares (docs/architecture.md "Lists"): the heading with its actions,
// the results (count, table, pager) and the row of an empty table. The page writes its own
// toolbar filters, column headers and rows. Words handed in as strings (a table's name, column
// headings, a loader's message) are English and shown in the page's language (app/i18n).

/** A page's heading (h1, with `id` for the page's aria-labelledby) and what stands beside it. */
export function PageHead({ title, id, children }: { title: ReactNode; id?: string; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h1 id={id}>{title}</h1>
      {children}
    </div>
  );
}

/** A list page's heading with its actions (Print, Export, New …), if it has any, beside it. */
export function ListHead({ title, id, children }: { title: ReactNode; id?: string; children?: ReactNode }) {
  return (
    <PageHead title={title} id={id}>
      {children === undefined ? null : <div className="actions">{children}</div>}
    </PageHead>
  );
}

/** A table shown whole (no paging) in its scrolling box (TableWrap), both named `label`. */
export function WholeTable({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <TableWrap label={label}>
      <table className={className} aria-label={_(label)}>
        {children}
      </table>
    </TableWrap>
  );
}

/** Column headings that do not sort, each with `className` ("num": a figure's); a falsy one is left out. */
export function HeadCells({
  labels,
  className,
}: {
  labels: readonly (string | false | null)[];
  className?: string;
}) {
  const { _ } = useLingui();
  return (
    <>
      {labels.map((label) =>
        label ? (
          <th key={label} scope="col" className={className}>
            {_(label)}
          </th>
        ) : null,
      )}
    </>
  );
}

/** The head of a table whose columns do not sort; a falsy heading is left out. */
export function ColumnHeads({ columns }: { columns: readonly (string | false | null)[] }) {
  return (
    <thead>
      <tr>
        <HeadCells labels={columns} />
      </tr>
    </thead>
  );
}

/** Why the list shows no rows when it could not be read (its loader's message), as an alert. */
export function ListError({ message }: { message: string | null | undefined }) {
  const { _ } = useLingui();
  return message ? (
    <p className="fetch-error" role="alert">
      {_(message)}
    </p>
  ) : null;
}

/**
 * The list's results: the match count (ListStatus), the table in its scrolling box (TableWrap),
 * named `label`, and the pager below it.
 */
export function ListTable({
  view,
  noun,
  filtered,
  label = view.name,
  className,
  children,
}: {
  view: ListView;
  noun: [singular: string, plural: string];
  filtered?: boolean;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <ListStatus view={view} noun={noun} filtered={filtered} />
      <WholeTable label={label} className={className}>
        {children}
      </WholeTable>
      <Pager view={view} />
    </>
  );
}

/** The one row of a table with no rows to show, across all its columns. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="empty">
        {children}
      </td>
    </tr>
  );
}
