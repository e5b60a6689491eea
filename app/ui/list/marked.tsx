import { Fragment, type ReactNode } from "react";

/**
 * Text with the search's matches wrapped in <mark> (case-insensitive, every occurrence). React
 * escapes the text: no HTML strings anywhere. The server found the row; this only shows where.
 */
export function Marked({ text, q }: { text: string | number | null | undefined; q: string }) {
  return <>{marked(text, q)}</>;
}

/**
 * What <Marked> draws, called as a function: a list's cells use it, so a page of 50 rows is not
 * ~450 components more for React to render with every search (docs/performance.md, "Search and
 * the shell").
 */
export function marked(text: string | number | null | undefined, q: string): ReactNode {
  const value = String(text ?? "");
  const query = q.toLowerCase();
  if (!query) return value;
  const lower = value.toLowerCase();
  let at = lower.indexOf(query);
  if (at === -1) return value;
  const parts: ReactNode[] = [];
  let from = 0;
  for (; at !== -1; at = lower.indexOf(query, from)) {
    if (at > from) parts.push(<Fragment key={`t${from}`}>{value.slice(from, at)}</Fragment>);
    parts.push(<mark key={`m${at}`}>{value.slice(at, at + query.length)}</mark>);
    from = at + query.length;
  }
  if (from < value.length) parts.push(<Fragment key={`t${from}`}>{value.slice(from)}</Fragment>);
  return parts;
}
