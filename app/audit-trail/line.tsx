import { useLingui } from "@lingui/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Author, FieldChanges, type HistoryEntryView, VERB } from "#app/audit/history.tsx";

// A row of /audit and its print view: an entry of the log (app/audit/history.tsx's pieces) with
// its record's type, name and link.

/** One row of /audit, as its loader sends it. */
export type AuditRowView = HistoryEntryView & {
  entity: string;
  entityId: string;
  typeLabel: string;
  /** The catalogue namespaces of its fields' labels (app/audit-trail/record-types.ts words). */
  words: string[];
  title: string;
  href: string | null;
  /** The record's page with its whole history open, for a record whose page shows it. */
  historyHref: string | null;
};

/** Field lines shown per /audit row; a SOP record made with 60 answers would fill the screen. */
export const ROW_CHANGE_CAP = 8;

/** The headings of AuditLine's cells after "When" (which the list sorts by). */
export const AUDIT_HEADINGS = ["Who", "Change", "Record", "Fields"];

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
  const { _ } = useLingui();
  return (
    <tr>
      <td className="nowrap">{row.at}</td>
      <td>
        <Author who={row.who} />
      </td>
      <td>{_(VERB[row.action])}</td>
      <td>
        <span className="muted">{_(row.typeLabel)}</span>
        <br />
        {/* The record's name is what people typed (or its key). */}
        <span translate="no">{row.href ? <Link to={row.href}>{name}</Link> : name}</span>
        {extra}
      </td>
      <td>
        <FieldChanges changes={shown} action={row.action} />
        {more > 0 ? (
          <p className="muted">
            {_("{more, plural, one {and # more field} other {and # more fields}}", { more })}
            {row.historyHref ? (
              <>
                {" "}
                (<Link to={row.historyHref}>{_("see its history")}</Link>)
              </>
            ) : null}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
