import { useLingui } from "@lingui/react";
import { Link, useLocation } from "@remix-run/react";
import { type FieldChange, isOurWord, sayLabel, sayValue } from "#app/audit/diff.ts";
import { groupDigits } from "#app/lib/numbers.ts";
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

/**
 * Who made a change: "System" and "A removed user" are the log's words, in the page's language; a
 * name is the person's, never translated (translate="no").
 */
export function Author({ who }: { who: string }) {
  const { _ } = useLingui();
  return who === "System" || who === "A removed user" ? _(who) : <span translate="no">{who}</span>;
}

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
          {_("Showing the latest {shown} of {total} changes.", {
            shown: entries.length,
            total: groupDigits(total),
          })}{" "}
          <Link to={withParam("all")} preventScrollReset>
            {_("Show all")}
          </Link>
        </p>
      ) : null}
      {all && total > cap ? (
        <p>
          {total > entries.length
            ? `${_("Showing the latest {shown} of {total} changes.", {
                shown: groupDigits(entries.length),
                total: groupDigits(total),
              })} `
            : null}
          <Link to={withParam(null)} preventScrollReset>
            {_("Show the latest {cap} only", { cap })}
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
  const { _ } = useLingui();
  return (
    <article
      className={`history-entry history-${entry.action}`}
      aria-label={`${_(VERB[entry.action])} ${entry.at}`}
    >
      <Heading className="history-head">
        <strong>{_(VERB[entry.action])}</strong> <ByWhom who={entry.who} />{" "}
        <span className="nowrap">{entry.at}</span>
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
  // The labels are the record's form's words (its feature's namespace, sent with its page; /audit
  // sends them already in the person's language); the values are what was typed.
  return (
    <table className="history-changes">
      <ColumnHeads columns={["Field", "Before", "After"]} />
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row">{sayLabel(change.label, _)}</th>
            <Value value={change.before} worded={change.worded} />
            <Value value={change.after} worded={change.worded} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A value before or after: our words in the page's language, what was typed as typed (translate="no"). */
function Value({ value, worded }: { value: string; worded?: boolean }) {
  const { _ } = useLingui();
  return isOurWord(value, worded) ? <td>{sayValue(value, _, worded)}</td> : <td translate="no">{value}</td>;
}

/** "by Ravi on": the words around the author's name, which stays the person's. */
function ByWhom({ who }: { who: string }) {
  const { _ } = useLingui();
  const [before = "", after = ""] = _("by {who} on", { who: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <Author who={who} />
      {after}
    </>
  );
}
