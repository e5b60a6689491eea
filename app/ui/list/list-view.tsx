import { useLingui } from "@lingui/react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { type ReactNode, startTransition, useEffect, useId, useReducer, useRef, useState } from "react";
import {
  cleanText,
  type ListDefaults,
  type ListParams,
  listHref,
  MAX_QUERY_LENGTH,
  PAGE_SIZES,
  rowRange,
  type SortDir,
} from "#app/lib/list-params.ts";
import { groupDigits } from "#app/lib/numbers.ts";
import { usePlainLinks } from "#app/ui/plain-links.ts";

// The parts of a list page (docs/architecture.md "Lists"): the search/filter toolbar, sortable
// column headers, the pager, the match count, the print link. Everything is a link or a GET form,
// so it all works without JavaScript; with it, the toolbar updates the results as the user types.

/** What the components need to know about the list on screen (from its loader). */
export type ListView = {
  /** The list's name, as in "Search {name}". */
  name: string;
  q: string;
  sort: string;
  dir: SortDir;
  page: number;
  size: number;
  total: number;
  defaults: ListDefaults;
};

/** The view of one page of a list, from the address's parameters and the page the query answered. */
export function listViewOf(
  name: string,
  params: ListParams,
  page: { page: number; total: number },
  defaults: ListDefaults,
): ListView {
  const { q, sort, dir, size } = params;
  return { name, q, sort, dir, page: page.page, size, total: page.total, defaults };
}

/** The current address's search part, for building links that keep the other parameters. */
export function useListSearch() {
  return useLocation().search;
}

/** True while the list is loading a new view of itself (same path, new parameters). */
export function useListPending() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

// Long enough that fast steady typing (a key every 80–100 ms) sends one request per pause, short
// enough to leave the search budget (300 ms from the last key to the results) room for the round
// trip and the render. Slower typing sends one per key (as it did at 150 ms: most people type a key
// every 150–300 ms); a request overtaken by a newer one is cancelled, and the server's answer to a
// search takes a small part of the budget (docs/performance.md, "A search's wait").
const TYPING_PAUSE_MS = 100;

/**
 * The list's GET form: search box, the list's own filters (children: <select>s or inputs with a
 * name), page size (unless the list is shown whole, `paged={false}`) and Apply. Without JavaScript
 * Apply loads the view. With it, typing or changing a filter submits after a pause; Remix cancels
 * a stale request when a newer one starts, the address is replaced (not pushed: one history entry
 * per search, not per keystroke), and the input keeps focus and caret because the form is never
 * re-created.
 */
export function ListToolbar({
  view,
  children,
  paged = true,
  label,
  placeholder,
  submitLabel = "Apply",
  actions,
}: {
  view: ListView;
  children?: ReactNode;
  /** False for a list shown whole (the file index): no rows-per-page choice. */
  paged?: boolean;
  /** The search box's label (default "Search {name}"). */
  label?: string;
  placeholder?: string;
  submitLabel?: string;
  /** After the submit button (e.g. a "Clear search" link). */
  actions?: ReactNode;
}) {
  // The list's name, the labels and the placeholder are English: shown in the page's language.
  const { _ } = useLingui();
  const name = _(view.name);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Back/forward or a link changed ?q=: show it, unless the user is typing in the box.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = view.q;
  }, [view.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Sent without the empty filters and the size already shown (the person's remembered one, which
  // the server applies when the address has none), so the address stays short.
  const submitNow = () => {
    if (!form.current) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) {
      if (typeof value !== "string" || value === "") continue;
      if (name === "size" && value === String(view.size)) continue;
      params.append(name, value);
    }
    submit(params, { method: "get", replace: true, preventScrollReset: true });
  };
  const submitSoon = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(submitNow, delay);
  };

  const searchId = `list-search-${view.name.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label={_("Search and filter {name}", { name })}
      className="list-toolbar"
      onChange={(event) => {
        // The search box submits on input (below); selects submit at once.
        if ((event.target as HTMLElement).tagName === "SELECT") submitSoon(0);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        submitNow();
      }}
    >
      <div className="field list-search">
        <label htmlFor={searchId}>{label ? _(label) : _("Search {name}", { name })}</label>
        <input
          ref={input}
          id={searchId}
          type="search"
          name="q"
          placeholder={placeholder && _(placeholder)}
          defaultValue={view.q}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          onInput={() => submitSoon(TYPING_PAUSE_MS)}
        />
      </div>
      {children}
      {paged ? <PageSizeField id={`${searchId}-size`} size={view.size} /> : null}
      {view.sort !== view.defaults.sort || view.dir !== view.defaults.dir ? (
        <>
          <input type="hidden" name="sort" value={view.sort} />
          <input type="hidden" name="dir" value={view.dir} />
        </>
      ) : null}
      <button type="submit" className="button">
        {_(submitLabel)}
      </button>
      {actions}
    </Form>
  );
}

/** The rows-per-page choice of a paged view's GET form (?size=). */
export function PageSizeField({ id, size }: { id: string; size: number }) {
  const { _ } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>{_("Rows per page")}</label>
      <select id={id} name="size" defaultValue={String(size)} key={size}>
        {PAGE_SIZES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A column header that sorts the list: a link, with aria-sort saying the current order. */
export function SortHeader({
  view,
  sort,
  children,
  className,
}: {
  view: ListView;
  sort: string;
  children: ReactNode;
  className?: string;
}) {
  const search = useListSearch();
  const active = view.sort === sort;
  const nextDir: SortDir = active && view.dir === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (view.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        className="sort-link"
        to={listHref(search, { sort, dir: nextDir }, view.defaults)}
        preventScrollReset
      >
        {children}
      </Link>
    </th>
  );
}

/** "N lines match 'x'" while searching or filtering (a live region, read out as results arrive). */
export function ListStatus({
  view,
  noun,
  filtered = false,
}: {
  view: ListView;
  noun: [singular: string, plural: string];
  filtered?: boolean;
}) {
  const { _ } = useLingui();
  // The noun is the page's English ("line", "lines"); the search is quoted outside the message
  // (an apostrophe before a brace quotes it in ICU).
  const word = _(view.total === 1 ? noun[0] : noun[1]);
  const count = groupDigits(view.total);
  const search = `'${view.q}'`;
  let text = "";
  if (view.q)
    text =
      view.total === 1
        ? _("{count} {word} matches {search}", { count, word, search })
        : _("{count} {word} match {search}", { count, word, search });
  else if (filtered) text = _("{count} {word} match the filters", { count, word });
  return (
    <p role="status" className="list-status">
      {text}
    </p>
  );
}

/** "Rows 101–200 of 1,000" and First/Previous/Next/Last links. */
export function Pager({ view }: { view: ListView }) {
  const search = useListSearch();
  return (
    <PageLinks
      name={view.name}
      page={view.page}
      size={view.size}
      total={view.total}
      href={(page) => listHref(search, { page }, view.defaults)}
    />
  );
}

/**
 * The pager of any paged view: "Rows 101–200 of 1,000" and First/Previous/Next/Last links, each
 * page's address from `href` (a view whose default page is not the first, like the stock card's
 * newest page, writes its own).
 */
export function PageLinks({
  name,
  page: current,
  size,
  total: count,
  href,
  preventScrollReset,
}: {
  name: string;
  page: number;
  size: number;
  total: number;
  href: (page: number) => string;
  preventScrollReset?: boolean;
}) {
  const { _ } = useLingui();
  const { first, last, total, pages } = rowRange(current, size, count);
  const n = groupDigits;
  const link = (page: number, label: string, enabled: boolean) =>
    enabled ? (
      <Link to={href(page)} className="button small" preventScrollReset={preventScrollReset}>
        {label}
      </Link>
    ) : (
      <span className="button small" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="pager" aria-label={_("{name} pages", { name: _(name) })}>
      <p className="pager-rows">
        {total === 0
          ? _("No rows")
          : _("Rows {first}–{last} of {total}", { first: n(first), last: n(last), total: n(total) })}
      </p>
      {pages > 1 ? (
        <div className="pager-links">
          {link(1, _("First"), current > 1)}
          {link(current - 1, _("Previous"), current > 1)}
          <span className="pager-page">
            {_("Page {page} of {pages}", { page: n(current), pages: n(pages) })}
          </span>
          {link(current + 1, _("Next"), current < pages)}
          {link(pages, _("Last"), current < pages)}
        </div>
      ) : null}
    </nav>
  );
}

/** The link to the list's print view, with the same search and filters (all pages). */
export function PrintLink({ to, name }: { to: string; name: string }) {
  const { _ } = useLingui();
  const search = useListSearch();
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("size");
  const query = params.toString();
  return (
    // A full page load: the print view ships no JavaScript.
    <Link
      className="button"
      to={`${to}${query ? `?${query}` : ""}`}
      reloadDocument
      aria-label={_("Print {name}", { name: _(name) })}
    >
      {_("Print")}
    </Link>
  );
}

/**
 * How many of a search's rows are drawn before the rest: about what a terminal's screen shows
 * below the toolbar (1366×768: the table's head and ~12 rows).
 */
export const FIRST_ROWS = 15;

/**
 * The rows of a list to draw: the loader's, except just after a new search answered, when the
 * first FIRST_ROWS are drawn (and painted) first and the rest follow as soon as the browser has
 * shown them. On a slow terminal a page of marked rows was ~200 ms of React and as much of layout
 * and paint in one go, all before the person saw a single result (docs/performance.md, "A search
 * in two steps"). Only for a search: a page or a sort may be asked from anywhere down the table,
 * whose scroll position a table shorter for a moment would move; a search's box is above it.
 */
export function useSearchRowsInSteps<Row>(rows: readonly Row[], q: string): readonly Row[] {
  // The search whose rows were last drawn whole (a ref: set after a commit, read by the next render).
  const wholeFor = useRef(q);
  const [, drawRest] = useReducer((count: number) => count + 1, 0);
  const stepping = q !== wholeFor.current && rows.length > FIRST_ROWS;
  useEffect(() => {
    if (!stepping) {
      wholeFor.current = q;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before its paint; a task queued from it runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        wholeFor.current = q;
        // Interruptible: a key pressed meanwhile is handled first.
        startTransition(drawRest);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stepping, q]);
  return stepping ? rows.slice(0, FIRST_ROWS) : rows;
}

/**
 * How long a new view of the list may take before the table is dimmed. Most answer well within it
 * (a search: the request starts TYPING_PAUSE_MS after the last key and is answered soon after),
 * and on a slow terminal dimming the box at once cost a repaint of the whole table as the view
 * started and another as it ended, in the way of the results (figures: docs/performance.md).
 */
const DIM_AFTER_MS = 400;

/** True once `pending` has lasted `ms` (false again as soon as it ends). */
function useLasting(pending: boolean, ms: number) {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!pending) {
      setLasting(false);
      return;
    }
    const timer = setTimeout(() => setLasting(true), ms);
    return () => clearTimeout(timer);
  }, [pending, ms]);
  return pending && lasting;
}

/**
 * True while the person is still typing in the list's search box past the search this view
 * answers (`q`): the box has focus and holds other text. Read from the box itself during render
 * (it is uncontrolled: typing renders nothing).
 */
function typingPast(q: string) {
  if (typeof document === "undefined") return false;
  const box = document.querySelector<HTMLInputElement>('.list-toolbar input[name="q"]');
  return box !== null && document.activeElement === box && cleanText(box.value) !== q;
}

/**
 * The table's box: wide tables scroll inside it. It is marked busy (aria-busy) while a new view
 * loads, and dimmed only when that takes longer than DIM_AFTER_MS.
 *
 * A view that answers an earlier part of what the search box now holds ("Tran" when the box says
 * "Transf") keeps the rows on screen instead of drawing its own: on a slow terminal drawing a page
 * of marked rows holds the main thread a long while, and when a pause in typing let such a search go
 * out, its rows were drawn while the person typed on and the search they wanted waited behind them
 * (docs/performance.md, "A common word"). The view for the box's text is drawn as it arrives.
 */
export function TableWrap({ children, label }: { children: ReactNode; label: string }) {
  const { _ } = useLingui();
  const pending = useListPending();
  const slow = useLasting(pending, DIM_AFTER_MS);
  const plainLinks = usePlainLinks();
  const hintId = useId();
  const q = cleanText(new URLSearchParams(useLocation().search).get("q"));
  // The same element as last time makes React skip the table altogether (no render, no layout).
  const drawn = useRef<ReactNode>(children);
  if (!typingPast(q)) drawn.current = children;
  return (
    <>
      {/* Shown on narrow screens only (app.css), where every list is wider than the window. */}
      <p className="scroll-hint" id={hintId}>
        {_("Scroll the table sideways for more columns.")}
      </p>
      {/* The click handler only makes the plain links inside navigate in the app (plain-links.ts);
          keyboard users press Enter on those links, which is a click too. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above, the links themselves are the controls */}
      <section
        className="table-wrap list-wrap"
        aria-label={_(label)}
        aria-describedby={hintId}
        aria-busy={pending}
        data-slow={slow || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard
        tabIndex={0}
        onClick={plainLinks}
      >
        {drawn.current}
      </section>
    </>
  );
}
