import { useNavigate } from "@remix-run/react";
import { type ComponentProps, type MouseEvent, useMemo } from "react";
import { type Marker, searchMarker } from "./html.ts";
import { useSearchState } from "./search.tsx";

// A big table's body written as HTML text (see html.ts). The server sends it in the page; on
// hydration React leaves an element with dangerouslySetInnerHTML as it is, and afterwards it only
// rewrites it when the rows (or the search) change. Clicks are delegated to the <tbody>.

/** The rows as HTML, with the search query marked; recomputed only when an input changes. */
export function useRowsHtml<Row>(
  rows: readonly Row[],
  renderRow: (row: Row, mark: Marker) => string,
  deps: readonly unknown[],
): string {
  const search = useSearchState();
  const query = search?.query ?? "";
  const firstTaken = search?.firstClaimed ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderRow is written inline; deps name what it reads
  const { html, marked } = useMemo(() => {
    const marker = searchMarker(query, firstTaken);
    let out = "";
    for (const row of rows) out += renderRow(row, marker.mark);
    return { html: out, marked: marker.marked() };
  }, [rows, query, firstTaken, ...deps]);
  // The page's first mark is ours: later <Highlight>s must not claim it again.
  if (marked && search) search.firstClaimed = true;
  return html;
}

/** A <tbody> whose rows are HTML text. */
export function HtmlRows({ html, ...props }: { html: string } & Omit<ComponentProps<"tbody">, "children">) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the rows' every text goes through escapeHtml (html.ts)
  return <tbody {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The one click handler of a body of HTML rows. With JavaScript, a row's links move within the app
 * as <Link> would, and a link to a delete confirmation page (…/delete) is handed to `askToDelete`,
 * which opens the page's dialog and says whether it did. Without JavaScript they are plain links.
 */
export function useRowLinks(askToDelete: (href: string) => boolean) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest("a[href]");
    const href = link?.getAttribute("href");
    // Links elsewhere (WhatsApp) or to another tab are the browser's own.
    if (!link || !href || (link.getAttribute("target") ?? "_self") !== "_self") return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const isDelete = url.pathname.endsWith("/delete");
    if (isDelete) {
      if (askToDelete(href)) event.preventDefault();
      return; // no <dialog> support: the confirmation page
    }
    event.preventDefault();
    navigate(href);
  };
}
