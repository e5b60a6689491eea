import { useLingui } from "@lingui/react";
import { Fragment, type ReactNode } from "react";
import {
  type AnyRecordDefinition,
  cellText,
  type FieldName,
  type ListColumn,
  listColumns,
} from "#app/lib/record.ts";
import { type ListView, SortHeader } from "#app/ui/list/list-view.tsx";
import { marked } from "#app/ui/list/marked.tsx";

// A record type's list columns drawn from its definition (app/lib/record.ts listColumns): the
// headers (sortable ones link their sort) and a row's cells, the search's matches marked, shared by
// the list and its print view, so a field added to the definition with `list` shows in both. A page
// words the few cells it shows its own way (`texts`, `after`) and adds its own columns around them.
// A heading is the definition's English: shown in the page's language (the feature's namespace).

/** A heading's text, free to break after a slash ("Components/Equipments" in a narrow column). */
function headingText(heading: string) {
  const parts = heading.split("/");
  return parts.map((part, index) =>
    index === 0 ? (
      part
    ) : (
      <Fragment key={index}>
        /<wbr />
        {part}
      </Fragment>
    ),
  );
}

/**
 * The columns' headers, in field order: on the list (`view`), a sortable one links its sort; on
 * paper (no `view`), each its heading (`plain`: none a figure's).
 */
export function RecordHeads({
  definition,
  view,
  plain = false,
}: {
  definition: AnyRecordDefinition;
  view?: ListView;
  plain?: boolean;
}) {
  const { _ } = useLingui();
  return (
    <>
      {listColumns(definition).map((column) => {
        const className = column.figure && !plain ? "num" : undefined;
        const heading = _(column.heading);
        if (!view)
          return (
            <th key={column.name} scope="col" className={className}>
              {heading}
            </th>
          );
        return column.sort ? (
          <SortHeader key={column.name} view={view} sort={column.sort} className={className}>
            {headingText(heading)}
          </SortHeader>
        ) : (
          <th key={column.name} scope="col" className={className}>
            {headingText(heading)}
          </th>
        );
      })}
    </>
  );
}

/** A print view's table head: the record's columns (`plain`: none a figure's), then the page's own. */
export function RecordPrintHead({
  definition,
  plain,
  children,
}: {
  definition: AnyRecordDefinition;
  plain?: boolean;
  children?: ReactNode;
}) {
  return (
    <thead>
      <tr>
        <RecordHeads definition={definition} plain={plain} />
        {children}
      </tr>
    </thead>
  );
}

/**
 * A row's cells, in field order: each field's text (cellText), the search's matches marked in the
 * fields ?q= searches. On paper (`plain`) each is a plain cell: the print view's table is its own.
 */
export function RecordCells<R extends AnyRecordDefinition>({
  definition,
  row,
  q,
  texts,
  after,
  plain = false,
}: {
  definition: R;
  /** The row's values by field name. */
  row: Partial<Record<FieldName<R>, unknown>>;
  q: string;
  /** A cell's text the page words itself (the contract's validity, "from to to"). */
  texts?: Partial<Record<FieldName<R>, string>>;
  /** What stands after a cell's text (a status tag). */
  after?: Partial<Record<FieldName<R>, ReactNode>>;
  /** Plain cells, none a row's header or a figure's (a print view). */
  plain?: boolean;
}) {
  const { _ } = useLingui();
  return (
    <>
      {listColumns(definition).map((column: ListColumn<FieldName<R>>) => {
        const name = column.name;
        const value = row[name];
        const own = texts?.[name];
        const text = own ?? cellText(definition, name, value);
        // What people typed is theirs, never translated: marked translate="no" (the check of the
        // pages' words and browsers' own translators leave it). A choice and "N/A" are the app's.
        const kind = definition.fields[name]?.kind;
        const typed =
          own === undefined && kind === "text" && typeof value === "string" && value.trim() !== "";
        // An empty date or figure reads "N/A" (a date's) or nothing: the app's words too.
        const empty = value === null || value === undefined || value === "";
        const words =
          own === undefined &&
          !typed &&
          text !== "" &&
          (empty || (kind !== "integer" && kind !== "number" && kind !== "date"));
        const shown = words ? _(text) : text;
        const search = column.searched ? q : "";
        const extra = after?.[name];
        const content = (
          <>
            {typed && extra ? <span translate="no">{marked(shown, search)}</span> : marked(shown, search)}
            {extra}
          </>
        );
        const translate = typed && !extra ? "no" : undefined;
        if (plain)
          return (
            <td key={name} translate={translate}>
              {content}
            </td>
          );
        return column.rowHeader ? (
          <th key={name} scope="row" className={column.figure ? "num" : undefined} translate={translate}>
            {content}
          </th>
        ) : (
          <td key={name} className={column.figure ? "num" : undefined} translate={translate}>
            {content}
          </td>
        );
      })}
    </>
  );
}
