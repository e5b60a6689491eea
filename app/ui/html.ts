// Table rows written as HTML text rather than React elements (architecture.md budgets): the
// 1,000-line tables cost React about 20 ms of server time per page for markup that never changes
// once it is on screen. These helpers are pure and shared by the server and the browser, so the
// rows render to the very same text on both sides.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};
const UNSAFE = /[&<>"']/g;

/** Text made safe for HTML text and quoted attribute values (the same five characters React escapes). */
export function escapeHtml(value: string | number | null | undefined): string {
  const text = String(value ?? "");
  return UNSAFE.test(text) ? text.replace(UNSAFE, (character) => ESCAPES[character]) : text;
}

/** Writes one cell's text, escaped, with the search query's occurrences marked. */
export type Marker = (text: string | number | null | undefined) => string;

/**
 * A marker for the search query `?q=` (behaviour note 18), matching <Highlight>: every occurrence is
 * wrapped in <mark class="search-mark">, and the first one of the page gets id="search-match" unless
 * an earlier part of the page already holds it (`firstTaken`).
 */
export function searchMarker(query: string, firstTaken: boolean) {
  const q = query.trim().toLowerCase();
  let taken = firstTaken;
  let marked = false;
  const mark: Marker = (text) => {
    const value = String(text ?? "");
    if (!q) return escapeHtml(value);
    const lower = value.toLowerCase();
    let at = lower.indexOf(q);
    if (at === -1) return escapeHtml(value);
    let out = "";
    let from = 0;
    for (; at !== -1; at = lower.indexOf(q, from)) {
      out += escapeHtml(value.slice(from, at));
      out += taken ? '<mark class="search-mark">' : '<mark class="search-mark" id="search-match">';
      out += `${escapeHtml(value.slice(at, at + q.length))}</mark>`;
      taken = true;
      marked = true;
      from = at + q.length;
    }
    return out + escapeHtml(value.slice(from));
  };
  return { mark, marked: () => marked };
}
