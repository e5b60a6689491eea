import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import printCss from "#app/file-index/print-index.css?url";
import { listRacks } from "#app/file-index/queries.server.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { CUPBOARDS, findCupboard, messages } from "#app/file-index/rules.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { fromWire, listColumns } from "#app/lib/record.ts";
import type { ShellData } from "#app/shell/routes/layout.tsx";
import { PageSize, PrintNowButton, printHandle } from "#app/ui/list/print.tsx";
import { RecordCells, RecordPrintHead } from "#app/ui/list/record-cells.tsx";
import { pageTitleOf, stylesheet } from "#app/ui/page-head.ts";

// The print index of one cupboard (issue #6): an A4 portrait sheet for the cupboard door listing
// each rack's files in number order. It sits inside the signed-in shell; the print stylesheet hides
// the navbar, banner and footer, so the sheet prints clean. Sent without JavaScript like every
// print view (the Print button is the page's one-line script; without JavaScript the browser's own
// print command).

export const handle = printHandle;
export const meta = pageTitleOf<{ cupboard: { label: string } }>(({ cupboard }, _) =>
  _("{cupboard} file index", { cupboard: _(cupboard.label) }),
);
export const links = stylesheet(printCss);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "fileIndex");
  const cupboard = findCupboard(params.cupboard);
  if (!cupboard)
    throw new HttpError(404, "There is no such cupboard. The plant has CupBoard 1 and CupBoard 2.");
  const racks = await listRacks(db, cupboard.racks);
  const today = plantToday();
  return {
    cupboard: { number: cupboard.number, label: cupboard.label },
    racks,
    printedOn: formatDateGB(today),
  };
}

export default function PrintIndexPage() {
  const { _ } = useLingui();
  const { cupboard, racks, printedOn } = useLoaderData<typeof loader>();
  const shell = useRouteLoaderData<ShellData>("shell");
  const total = racks.reduce((sum, rack) => sum + rack.files.length, 0);
  return (
    <article className="print-sheet" aria-labelledby="print-title">
      <PageSize orientation="portrait" />
      <div className="print-tools no-print">
        <PrintNowButton />
        <p className="muted">{_("Use your browser's Print command (Ctrl+P) to print this sheet on A4.")}</p>
        <a className="button" href="/rackadmin">
          {_("Back to Admin Racks")}
        </a>
        {CUPBOARDS.filter((other) => other.number !== cupboard.number).map((other) => (
          <a key={other.number} className="button" href={`/rackadmin/print/${other.number}`}>
            {_("Print index: {cupboard}", { cupboard: _(other.label) })}
          </a>
        ))}
      </div>
      <header className="print-head">
        <h1 id="print-title">{_("{cupboard} — File index", { cupboard: _(cupboard.label) })}</h1>
        <p>
          {shell?.settings.plantName ? `${shell.settings.plantName} · ` : ""}
          {/* The racks' codes, as the cupboards are labelled. */}
          <span translate="no">{racks.map((rack) => rack.name).join(", ")}</span> ·{" "}
          {_("{total, plural, one {# file} other {# files}}", { total })} ·{" "}
          {_("printed {date}", { date: printedOn })}
        </p>
      </header>
      <div className="print-racks">
        {racks.map((rack) => (
          <section key={rack.name} className="print-rack" aria-labelledby={`print-${rack.name}`}>
            <h2 id={`print-${rack.name}`}>
              {rack.name}{" "}
              <small>
                ({_("{total, plural, one {# file} other {# files}}", { total: rack.files.length })})
              </small>
            </h2>
            <table>
              <RecordPrintHead definition={fileRecord} />
              <tbody>
                {rack.files.map((file) => (
                  <tr key={file._id}>
                    <RecordCells definition={fileRecord} row={fromWire(fileRecord, file)} q="" />
                  </tr>
                ))}
                {rack.files.length === 0 ? (
                  <tr>
                    <td colSpan={listColumns(fileRecord).length} className="empty">
                      {_(messages.noFiles)}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </article>
  );
}
