import { Link, useLocation } from "@remix-run/react";
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

/** An entry's action in words. */
export const VERB = { create: "Created", update: "Changed", delete: "Deleted" } as const;

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
