import { useLingui } from "@lingui/react";
import { Link, useLocation } from "@remix-run/react";
import type { FieldChange } from "#app/audit/diff.ts";
import { ColumnHeads } from "#app/ui/list/page.tsx";
import { SLOT, Typed } from "#app/ui/typed.tsx";

// A record's history on its page (issue 17): who changed what and when, newest first, field by
// field. The loader sends it ready to show (app/audit/history.server.ts recordHistory), so this is
// markup only; "Show all" is a link (?history=all), which works without JavaScript. Its words are in
// the page's language ("common"; a field's label from the record's own namespace); the values
// before and after, and who saved, are what people typed (translate="no").

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
  const { _ } = useLingui();
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
      <h2 id="history-title">{_("History")}</h2>
      {entries.length === 0 ? (
        <p className="muted">{_("No changes recorded yet.")}</p>
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
          {_("Showing the latest {count} of {total} changes.", {
            count: entries.length,
            total: total.toLocaleString("en-GB"),
          })}{" "}
          <Link to={withParam("all")} preventScrollReset>
            {_("Show all")}
          </Link>
        </p>
      ) : null}
      {all && total > cap ? (
        <p>
          {total > entries.length
            ? `${_("Showing the latest {count} of {total} changes.", {
                count: entries.length.toLocaleString("en-GB"),
                total: total.toLocaleString("en-GB"),
              })} `
            : null}
          <Link to={withParam(null)} preventScrollReset>
            {_("Show the latest {count} only", { count: cap })}
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
  const { _ } = useLingui();
  const Heading = headingLevel;
  const verb = _(VERB[entry.action]);
  // "<strong>Changed</strong> by Ravi on 23/11/2026 10:30", the verb, the name and the time in
  // their places in the page's language.
  const [before, between, beside, after = ""] = _("{verb} by {who} on {at}", {
    verb: SLOT,
    who: SLOT,
    at: SLOT,
  }).split(SLOT);
  return (
    <article
      className={`history-entry history-${entry.action}`}
      aria-label={_("{verb} {at}", { verb, at: entry.at })}
    >
      <Heading className="history-head">
        {before}
        <strong>{verb}</strong>
        {between}
        <Typed>{entry.who}</Typed>
        {beside}
        <span className="nowrap">{entry.at}</span>
        {after}
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
  const { _ } = useLingui();
  if (changes.length === 0)
    return (
      <p className="muted">{_(action === "update" ? "No field changed." : "No field values recorded.")}</p>
    );
  return (
    <table className="history-changes">
      <ColumnHeads columns={["Field", "Before", "After"]} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row">{_(change.label)}</th>
            <td translate="no">{change.before}</td>
            <td translate="no">{change.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
