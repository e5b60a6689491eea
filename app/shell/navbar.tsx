import { useLingui } from "@lingui/react";
import { useLocation, useMatches, useSearchParams } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { Bell } from "#app/shell/bell.tsx";
import {
  allFormatsLink,
  amcMenu,
  barLabels,
  type MenuLink,
  racksMenu,
  sparesMenu,
} from "#app/shell/fixed-menus.ts";
import { highlightMatches } from "#app/shell/search.ts";
import { isListPage } from "#app/ui/list/handle.ts";
import { usePlainLinks } from "#app/ui/plain-links.ts";

// The bar's own pages after the menus, each shown to the roles that may read it.
const BAR_PAGES = [
  { area: "settings", to: "/settings" },
  { area: "audit", to: "/audit" },
] as const;

export function Navbar({
  email,
  role,
  alertCount,
  plantName,
  sopFormatsMenu,
}: {
  email: string;
  role: Role;
  alertCount: number;
  plantName: string;
  /** From the shell's loader (menus.ts `sopFormatsMenu`), derived from the SOP formats list. */
  sopFormatsMenu: MenuLink[];
}) {
  const { _ } = useLingui();
  const nav = useRef<HTMLElement>(null);
  // Store Racks and Admin Racks (the file index) are separate areas under one menu.
  const racksLinks = racksMenu.filter((link) =>
    can(role, link.to === "/rackadmin" ? "fileIndex" : "racks", "read"),
  );
  const location = useLocation();
  const plainLinks = usePlainLinks();
  // The menus' links are plain anchors (plain-links.ts): which one is the current page is worked
  // out here once, as NavLink would for each of them.
  const here = (to: string) =>
    location.pathname === to || location.pathname.startsWith(`${to}/`) ? "page" : undefined;
  // A list page searches the whole list on the server with its own box, just below: a second box
  // here would search the same list twice over (README difference 18).
  const onList = useMatches().some((match) => isListPage(match.handle));
  const signedInAs = _("Signed in as {email}", { email });

  // Menus are <details> (they work without JavaScript). With it: one open at a time, and
  // Escape or a click elsewhere closes them; a navigation closes them too.
  useEffect(() => {
    const root = nav.current;
    if (!root) return;
    const closeAll = (except?: Element | null) => {
      for (const menu of Array.from(root.querySelectorAll("details[open]"))) {
        if (!except || !menu.contains(except)) menu.removeAttribute("open");
      }
    };
    const onClick = (event: MouseEvent) => {
      if (!root.contains(event.target as Node)) closeAll();
    };
    const onToggle = (event: Event) => {
      const menu = event.target as HTMLDetailsElement;
      if (menu.open) closeAll(menu);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = root.querySelector<HTMLDetailsElement>("details[open]");
      if (open) {
        closeAll();
        open.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    root.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("toggle", onToggle, true);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menus on every navigation
  useEffect(() => {
    for (const menu of Array.from(nav.current?.querySelectorAll("details[open]") ?? []))
      menu.removeAttribute("open");
    const fold = nav.current?.querySelector<HTMLInputElement>(".nav-fold");
    if (fold) fold.checked = false;
  }, [location.pathname, location.search]);

  return (
    <header className="topbar">
      {/* The click handler only makes the plain links inside navigate in the app. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links themselves are the controls */}
      <nav ref={nav} className="navbar" aria-label={_("Main")} onClick={plainLinks}>
        <a href="/home" className="brand">
          <svg aria-hidden="true" className="brand-mark" viewBox="0 0 32 32" width="22" height="22">
            <path
              d="M11 9h10a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H11a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3Z"
              fill="#f28c28"
            />
            <rect x="12" y="4" width="8" height="5" rx="1.5" fill="#fff" />
          </svg>
          {plantName}
        </a>
        {/* On a phone the bar is one line: the menus and tools fold behind "Menu" (a checkbox and
            its label, so it works without JavaScript; app.css hides both on wider screens). */}
        <input type="checkbox" id="nav-fold" className="nav-fold" />
        <label htmlFor="nav-fold" className="nav-fold-label">
          {_("Menu")}
        </label>
        <ul className="menus">
          {/* Only what the role may open (app/auth/permissions.ts); the server refuses the rest. */}
          {can(role, "spares", "read") ? (
            <Menu label={barLabels.spares} links={sparesMenu} here={here} />
          ) : null}
          {can(role, "contracts", "read") ? <Menu label={barLabels.amc} links={amcMenu} here={here} /> : null}
          {racksLinks.length ? <Menu label={barLabels.racks} links={racksLinks} here={here} /> : null}
          {can(role, "sop", "read") ? (
            <Menu label={barLabels.sop} here={here}>
              <Menu
                label={barLabels.sopFormats}
                submenu
                links={[allFormatsLink, ...sopFormatsMenu]}
                here={here}
              />
            </Menu>
          ) : null}
          {BAR_PAGES.filter((page) => can(role, page.area, "read")).map((page) => (
            <li key={page.to}>
              <a href={page.to} className="menu-link" aria-current={here(page.to)}>
                {_(barLabels[page.area])}
              </a>
            </li>
          ))}
        </ul>
        <div className="nav-tools">
          {can(role, "contracts", "read") ? <Bell count={alertCount} /> : null}
          {onList ? null : <SearchBox />}
          {can(role, "users", "read") ? (
            <a href="/users" className="button small" aria-current={here("/users")}>
              {_("Users")}
            </a>
          ) : null}
          <a href="/account" className="button small" title={signedInAs} aria-current={here("/account")}>
            {_("Account")}
          </a>
          {/* A full page load: /logout is a resource route (app/resources.ts), not a Remix page. */}
          <form method="post" action="/logout" className="logout">
            <button type="submit" className="button small" title={signedInAs}>
              {_("Logout")}
            </button>
          </form>
        </div>
      </nav>
    </header>
  );
}

type Here = (to: string) => "page" | undefined;

/** A drop-down of the bar (a <details>): its links, then any menu inside it (a submenu, shown beside). */
function Menu({
  label,
  links = [],
  here,
  submenu,
  children,
}: {
  label: string;
  links?: MenuLink[];
  here: Here;
  submenu?: boolean;
  children?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <li>
      <details className={submenu ? "submenu" : "menu"}>
        <summary>{_(label)}</summary>
        <ul className="menu-list">
          {links.map((link) => (
            <li key={link.to}>
              <MenuEntry link={link} here={here} />
            </li>
          ))}
          {children}
        </ul>
      </details>
    </li>
  );
}

/** A menu entry: marked (aria-current, bold by CSS) when it is the page on screen. */
function MenuEntry({ link, here }: { link: MenuLink; here: Here }) {
  const { _ } = useLingui();
  const current = here(link.to);
  return (
    <a href={link.to} aria-current={current} className={current ? "active" : undefined}>
      {_(link.label)}
    </a>
  );
}

/**
 * The search of a page that is not a list (a SOP sheet, a contract, a form): finds text on this
 * page. Without JavaScript: a GET form that reloads this page with ?q= and the server marks the
 * matches (and jumps to the first). With JavaScript: highlight in place, no reload.
 */
function SearchBox() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { _ } = useLingui();
  return (
    <form
      method="get"
      action={`${location.pathname}#search-match`}
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get("q") ?? "");
        highlightMatches(text);
      }}
    >
      <label htmlFor="navbar-search" className="visually-hidden">
        {_("Search")}
      </label>
      <input
        id="navbar-search"
        type="search"
        name="q"
        placeholder={_("Search")}
        defaultValue={params.get("q") ?? ""}
      />
      <button type="submit" className="button small">
        {_("Search")}
      </button>
    </form>
  );
}
