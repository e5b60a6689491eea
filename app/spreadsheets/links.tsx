import { useLingui } from "@lingui/react";
import { Link, useLocation } from "@remix-run/react";
import { EXPORT_FORMATS, type ExportFormat } from "#app/spreadsheets/cells.ts";

// "Download Excel" / "Download CSV" beside a list's Print (issue 18): plain links to the list's
// export address with the page's search and filters (not its page: every matching row), so they
// work without JavaScript and Remix never tries to route them in the browser.

/** The export address of a list view: `to` with the view's parameters, less paging, plus ?format=. */
export function exportHref(to: string, search: string, format: ExportFormat) {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("size");
  params.delete("format");
  params.set("format", format);
  return `${to}?${params}`;
}

/** How the links name each format, in the order they stand (the catalogue's words: the same in Hindi). */
const FORMAT_NAMES: Record<ExportFormat, string> = { xlsx: "Excel", csv: "CSV" };

/** The list's Download Excel and Download CSV, and its Import (at `importTo`) for who may import. */
export function ExportLinks({ to, name, importTo }: { to: string; name: string; importTo?: string }) {
  const { search } = useLocation();
  const { _ } = useLingui();
  // `name` is English (the list's name), shown in the page's language; the formats' names are theirs.
  const shown = _(name);
  return (
    <>
      {EXPORT_FORMATS.map((format) => (
        <a
          key={format}
          className="button"
          href={exportHref(to, search, format)}
          download
          aria-label={_("Download {name} as {format}", { name: shown, format: _(FORMAT_NAMES[format]) })}
        >
          {_("Download {format}", { format: _(FORMAT_NAMES[format]) })}
        </a>
      ))}
      {importTo ? (
        <Link className="button" to={importTo}>
          {_("Import")}
        </Link>
      ) : null}
    </>
  );
}
