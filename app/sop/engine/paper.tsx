import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { FormatDefinition } from "#app/sop/engine/types.ts";

// What the form and the read-only sheet both put on the paper: the heading, the page's orientation,
// the Print button. Kept apart from both so that a page loads only the one it shows (the sheet's
// renderer is not needed by the form, and Conform's field helpers are not needed by the sheet).

/** False in the server's render and the hydration pass, true once the page runs JavaScript. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function SheetHeading({ definition }: { definition: FormatDefinition }) {
  const { _ } = useLingui();
  return (
    <header className="sheet-head">
      <p className="sheet-format-no">{_("FORMAT NO. {number}", { number: definition.formatNo })}</p>
      <h1 className="sheet-heading">{_(definition.heading)}</h1>
    </header>
  );
}

/**
 * Wide registers print in landscape. The named page in sop.css (`page: landscape`) does not reach
 * the first page in Chromium when the sheet sits inside the shell, so the page size is also set
 * here, only while a landscape sheet or form is on screen.
 */
export function PageOrientation({ definition }: { definition: FormatDefinition }) {
  return definition.orientation === "landscape" ? (
    <style>{"@page { size: A4 landscape; margin: 10mm; }"}</style>
  ) : null;
}

/** Print: the browser's print dialog with JavaScript; without it, a link to the print view. */
export function PrintButton({ href }: { href?: string }) {
  const hydrated = useHydrated();
  const { _ } = useLingui();
  if (!href) {
    return hydrated ? (
      <button type="button" className="button no-print" onClick={() => window.print()}>
        {_("Print")}
      </button>
    ) : null;
  }
  return (
    <a
      href={href}
      className="button no-print"
      onClick={(event) => {
        event.preventDefault();
        window.print();
      }}
    >
      {_("Print")}
    </a>
  );
}
