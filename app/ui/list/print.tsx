import type { ReactNode } from "react";

// A list's print view (docs/architecture.md "Lists"): the whole filtered list on paper. Its route
// exports `handle = printHandle`, so root.tsx sends the page without JavaScript: nothing to
// download or hydrate, however long the list.

export { printHandle } from "#app/ui/list/handle.ts";

/** The filters that applied, as the print header lists them ("Search: 'pump'"). */
export type AppliedFilter = { label: string; value: string };

export function PrintList({
  title,
  filters,
  printedAt,
  total,
  truncatedAt,
  backHref,
  children,
}: {
  title: string;
  filters: AppliedFilter[];
  /** When printed, in the plant's time zone, already formatted. */
  printedAt: string;
  total: number;
  /** Set when the list was longer than one print may hold. */
  truncatedAt?: number;
  backHref: string;
  children: ReactNode;
}) {
  return (
    <article className="print-list" aria-labelledby="print-list-title">
      <p className="no-print print-hint">
        Use your browser's Print command (Ctrl+P) to print this list. <a href={backHref}>Back to the list</a>
      </p>
      <header className="print-list-head">
        <h1 id="print-list-title">{title}</h1>
        <p>
          Printed {printedAt} · {total.toLocaleString("en-GB")} {total === 1 ? "row" : "rows"}
        </p>
        <p>
          {filters.length === 0
            ? "All rows (no search or filter)."
            : `Showing: ${filters.map((filter) => `${filter.label}: ${filter.value}`).join(" · ")}`}
        </p>
        {truncatedAt ? (
          <p>
            Only the first {truncatedAt.toLocaleString("en-GB")} rows are printed; narrow the list with a
            search or filter to print the rest.
          </p>
        ) : null}
      </header>
      {children}
    </article>
  );
}
