import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { groupDigits } from "#app/lib/numbers.ts";
import { useNonce } from "#app/ui/nonce.tsx";

// A list's print view (docs/architecture.md "Lists"): the whole filtered list on paper. Its route
// exports `handle = printHandle`, so root.tsx sends the page without JavaScript: nothing to
// download or hydrate, however long the list.

export { printHandle } from "#app/ui/list/handle.ts";

/** The sheet a print view is laid out for: A4 always, turned as its paper layout is. */
export type PaperOrientation = "portrait" | "landscape";

/**
 * Declares the print view's page: A4 in its orientation. Without it the browser prints on its
 * own default paper (US Letter, portrait, in a headless Chromium), cutting a wide list's last
 * columns off. In the page's body, so it comes after (and wins over) any stylesheet's @page.
 */
export function PageSize({ orientation }: { orientation: PaperOrientation }) {
  return <style>{`@page { size: A4 ${orientation}; margin: 10mm; }`}</style>;
}

// Shows the Print button and makes it print. A few inline words, not a download: the print view
// still loads and hydrates nothing. A constant string: nothing user-supplied reaches it.
const PRINT_BUTTON_SCRIPT =
  "(function(b){if(b){b.hidden=false;b.addEventListener('click',function(){window.print()})}})(document.getElementById('print-now'))";

/**
 * A print view's Print button: the browser's print dialog. It needs JavaScript, which print views
 * do not download: a one-line script of the page shows it. Without JavaScript it stays hidden and
 * the view's own text says to use the browser's Print command.
 */
export function PrintNowButton() {
  const { _ } = useLingui();
  const nonce = useNonce();
  return (
    <>
      <button type="button" id="print-now" className="button primary small no-print print-now" hidden>
        {_("Print")}
      </button>
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: constant inline script
        dangerouslySetInnerHTML={{ __html: PRINT_BUTTON_SCRIPT }}
      />
    </>
  );
}

/**
 * A print view's sheet (every print view but the SOP paper, which is its own sheet): A4 in its
 * orientation, and above the paper, hidden in print, the Print button, how to print without it
 * and the way back. `titleId` names the h1 the page writes in `children`.
 */
export function PrintSheet({
  className,
  titleId,
  orientation,
  what,
  backHref,
  backLabel,
  children,
}: {
  className: string;
  titleId: string;
  orientation: PaperOrientation;
  /** What is printed, as in "to print this {what}" (English, shown in the page's language). */
  what: string;
  backHref: string;
  backLabel: string;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <article className={className} aria-labelledby={titleId}>
      <PageSize orientation={orientation} />
      <p className="no-print print-hint">
        <PrintNowButton />{" "}
        {_("Use your browser's Print command (Ctrl+P) to print this {what}.", { what: _(what) })}{" "}
        <a href={backHref}>{_(backLabel)}</a>
      </p>
      {children}
    </article>
  );
}

/** The filters that applied, as the print header lists them ("Search: 'pump'"). */
export type AppliedFilter = { label: string; value: string };

/** What a list's print view shows (app/db/list.server.ts listPrint). */
export type PrintedList = {
  rows: readonly unknown[];
  filters: AppliedFilter[];
  /** When printed, in the plant's time zone, already formatted. */
  printedAt: string;
  /** Set when the list was longer than one print may hold. */
  truncatedAt?: number;
  backHref: string;
};

export function PrintList({
  title,
  list: { rows, filters, printedAt, truncatedAt, backHref },
  orientation = "landscape",
  children,
}: {
  title: string;
  list: PrintedList;
  /** Landscape by default: a list's columns need the sheet's width. */
  orientation?: PaperOrientation;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  const total = rows.length;
  const count = groupDigits(total);
  return (
    <PrintSheet
      className="print-list"
      titleId="print-list-title"
      orientation={orientation}
      what="list"
      backHref={backHref}
      backLabel="Back to the list"
    >
      <header className="print-list-head">
        <h1 id="print-list-title">{_(title)}</h1>
        <p>
          {total === 1
            ? _("Printed {at} · {count} row", { at: printedAt, count })
            : _("Printed {at} · {count} rows", { at: printedAt, count })}
        </p>
        <p>
          {filters.length === 0
            ? _("All rows (no search or filter).")
            : _("Showing: {filters}", {
                filters: filters.map((filter) => `${_(filter.label)}: ${filter.value}`).join(" · "),
              })}
        </p>
        {truncatedAt ? (
          <p>
            {_(
              "Only the first {count} rows are printed; narrow the list with a search or filter to print the rest.",
              { count: groupDigits(truncatedAt) },
            )}
          </p>
        ) : null}
      </header>
      {children}
    </PrintSheet>
  );
}
