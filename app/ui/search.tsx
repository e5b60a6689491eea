import { createContext, Fragment, type ReactNode, useContext } from "react";

// Server-side search marks (README difference 18): with ?q= in the address, every occurrence in a
// table cell is wrapped in <mark>, and the first gets id="search-match" so the page opens there.
// The navbar's search form targets "#search-match". With JavaScript the navbar highlights in place.

type SearchState = { query: string; firstClaimed: boolean };
const SearchContext = createContext<SearchState | null>(null);

export function SearchProvider({ query, children }: { query: string; children: ReactNode }) {
  // A fresh state per render, so the first mark of each render gets the anchor.
  const state: SearchState = { query: query.trim(), firstClaimed: false };
  return <SearchContext.Provider value={state}>{children}</SearchContext.Provider>;
}

export function useSearchQuery() {
  return useContext(SearchContext)?.query ?? "";
}

/** True when the text holds the search query (case-insensitive). */
export function matchesQuery(text: string | number | null | undefined, query: string) {
  const q = query.trim().toLowerCase();
  return (
    q.length > 0 &&
    String(text ?? "")
      .toLowerCase()
      .includes(q)
  );
}

/** Text of a table cell, with the search query's occurrences marked. */
export function Highlight({ text }: { text: string | number | null | undefined }) {
  const state = useContext(SearchContext);
  const value = String(text ?? "");
  if (!state?.query || !matchesQuery(value, state.query)) return <>{value}</>;
  const lower = value.toLowerCase();
  const q = state.query.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(q); at !== -1; at = lower.indexOf(q, from)) {
    parts.push(<Fragment key={`t${at}`}>{value.slice(from, at)}</Fragment>);
    const first = !state.firstClaimed;
    state.firstClaimed = true;
    parts.push(
      <mark key={`m${at}`} className="search-mark" id={first ? "search-match" : undefined}>
        {value.slice(at, at + q.length)}
      </mark>,
    );
    from = at + q.length;
  }
  parts.push(<Fragment key="end">{value.slice(from)}</Fragment>);
  return <>{parts}</>;
}
