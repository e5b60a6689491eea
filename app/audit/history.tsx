import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FieldChange } from "#app/audit/diff.ts";
import { ColumnHeads } from "#app/ui/list/page.tsx";

// A record's history on its page (issue 17): who changed what and when, newest first, field by
// field. The loader sends it ready to show (app/audit/history.server.ts recordHistory), so this is
// markup only; "Show all" is a link (?history=all), which works without JavaScript.

export type HistoryEntryView = {
  id: string;
  action: "create" | "update" | "delete";
  at: string;
  who: string;
  changes: FieldChange[];
};

export type HistoryView = { entries: HistoryEntryView[]; total: number; all: boolean; cap: number };

const VERB = { create: "Created", update: "Changed", delete: "Deleted" } as const;

/** The history section; renders nothing when the user may not read it (null). */
export function RecordHistory({ history }: { history: HistoryView | null | undefined }) {
  const location = useLocation();
  if (!history) return null;
  const { entries, total, all, cap } = history;
  const withParam = (value: string | null) => {
    const params = new URLSearchParams(location.search);
    if (value) params.set("history", value);
    else params.delete("history");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}#history`;
  };
  return (
    <section id="history" className="record-history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {entries.length === 0 ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <ol className="history-entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <HistoryEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
      {!all && total > entries.length ? (
        <p>
          Showing the latest {entries.length} of {total.toLocaleString("en-GB")} changes.{" "}
          <Link to={withParam("all")} preventScrollReset>
            Show all
          </Link>
        </p>
      ) : null}
      {all && total > cap ? (
        <p>
          {total > entries.length
            ? `Showing the latest ${entries.length.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} changes. `
            : null}
          <Link to={withParam(null)} preventScrollReset>
            Show the latest {cap} only
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** One entry: "Changed by Ravi on 23/11/2026 10:30" and its field table. */
export function HistoryEntry({
  entry,
  headingLevel = "h3",
}: {
  entry: HistoryEntryView;
  headingLevel?: "h3" | "p";
}) {
  const Heading = headingLevel;
  return (
    <article
      className={`history-entry history-${entry.action}`}
      aria-label={`${VERB[entry.action]} ${entry.at}`}
    >
      <Heading className="history-head">
        <strong>{VERB[entry.action]}</strong> by {entry.who} on <span className="nowrap">{entry.at}</span>
      </Heading>
      <FieldChanges changes={entry.changes} action={entry.action} />
    </article>
  );
}

/** The field lines of an entry: Field, Before, After. */
export function FieldChanges({
  changes,
  action,
}: {
  changes: FieldChange[];
  action: HistoryEntryView["action"];
}) {
  if (changes.length === 0)
    return <p className="muted">{action === "update" ? "No field changed." : "No field values recorded."}</p>;
  return (
    <table className="history-changes">
      <ColumnHeads columns={["Field", "Before", "After"]} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row">{change.label}</th>
            <td>{change.before}</td>
            <td>{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One row of /audit, as its loader sends it. */
export type AuditRowView = HistoryEntryView & {
  entity: string;
  entityId: string;
  typeLabel: string;
  title: string;
  href: string | null;
};

/** Field lines shown per /audit row; a SOP record made with 60 answers would fill the screen. */
export const ROW_CHANGE_CAP = 8;
/** Records whose page shows their history (the others' pages have no History section). */
const WITH_HISTORY = new Set(["inventory_item", "rack_item", "contract", "rack_file", "sop_record"]);

/** The headings of AuditLine's cells after "When" (which the list sorts by). */
export const AUDIT_COLUMNS = ["Who", "Change", "Record", "Fields"];

/** One change: when, who, what kind, which record (a link while it exists), its field lines. */
export function AuditLine({
  row,
  cap = ROW_CHANGE_CAP,
  extra,
}: {
  row: AuditRowView;
  cap?: number;
  /** Shown under the record's name (/audit: "Bring back" on a deleted record, for admins). */
  extra?: ReactNode;
}) {
  const shown = row.changes.slice(0, cap);
  const more = row.changes.length - shown.length;
  const name = row.title || row.entityId;
  return (
    <tr>
      <td className="nowrap">{row.at}</td>
      <td>{row.who}</td>
      <td>{VERB[row.action]}</td>
      <td>
        <span className="muted">{row.typeLabel}</span>
        <br />
        {row.href ? <Link to={row.href}>{name}</Link> : name}
        {extra}
      </td>
      <td>
        <FieldChanges changes={shown} action={row.action} />
        {more > 0 ? (
          <p className="muted">
            and {more} more {more === 1 ? "field" : "fields"}
            {row.href && WITH_HISTORY.has(row.entity) ? (
              <>
                {" "}
                (
                <Link to={`${row.href}${row.href.includes("?") ? "&" : "?"}history=all#history`}>
                  see its history
                </Link>
                )
              </>
            ) : null}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
