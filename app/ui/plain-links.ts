import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

// Where links come by the dozen (a list's rows, the navigation bar's menus, the footer) they are
// plain <a href> (a link is still a link: it opens in a new tab, copies, works without JavaScript)
// and one click handler on their box turns a plain click on any of them into a client-side
// navigation, as Remix's <Link> would. Each <Link> runs its hooks (path resolution, a location
// subscription, a click handler) in every render and in hydration; 200 of them on a 100-row table
// at 4× slower CPU are part of what the terminal waits for (docs/performance.md). Use <Link> for
// the odd single link; use this for many.

/** The click, as far as the decision needs it. */
export type Click = {
  button: number;
  defaultPrevented: boolean;
  modifier: boolean;
};

/** The link clicked, as far as the decision needs it. */
export type PlainLink = {
  /** Absolute (an anchor's `href` property). */
  href: string;
  target: string;
  download: boolean;
  /** `data-reload`: this link wants a full page load (e.g. a view that ships no JavaScript). */
  reload: boolean;
};

/**
 * Where the app should navigate for this click, or null to leave it to the browser: a new tab or
 * window, a download, another site, a full page load asked for, or a click the link's own handler
 * already took (the delete links' confirmation dialog).
 */
export function inAppDestination(click: Click, link: PlainLink, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.modifier) return null;
  if ((link.target && link.target !== "_self") || link.download || link.reload) return null;
  const url = new URL(link.href, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The click handler for a box of plain links (see above). */
export function usePlainLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    const to = inAppDestination(
      {
        button: event.button,
        defaultPrevented: event.defaultPrevented,
        modifier: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
      },
      {
        href: anchor.href,
        target: anchor.target,
        download: anchor.hasAttribute("download"),
        reload: anchor.dataset.reload !== undefined,
      },
      window.location.origin,
    );
    if (to === null) return;
    event.preventDefault();
    navigate(to);
  };
}
