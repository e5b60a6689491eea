import type { RouteConfigEntry } from "@remix-run/route-config";
import { compileRoutes, matchRoute } from "#app/lib/route-pattern.ts";

// Which catalogue namespaces a page is sent (app/i18n/catalogues.server.ts): "common" (the shell,
// the form and list kit, the error pages), the feature folder of each route module the address
// matches (auth/routes/login.tsx → "auth"), the features whose pieces those pages show (below), and
// for a SOP format's pages the format's own ("AS09"). A word a page shows from a namespace it is not
// sent stays English on that page: the pseudo-language check (tests) finds it.

/** Features whose pages show another feature's pieces (the stock movement dialog on a spares list…). */
const SHOWN_WITH: Record<string, readonly string[]> = {
  shell: ["contracts"],
  spares: ["stock", "audit"],
  "store-racks": ["stock", "audit"],
  ledger: ["stock", "charts"],
  home: ["charts", "contracts", "stock", "sop"],
  contracts: ["charts", "audit"],
  // A record's page shows its history (app/audit/history.tsx).
  "file-index": ["audit"],
  sop: ["audit"],
  // An import's pages name the list's columns and its rows' messages in the list's own words.
  imports: ["spares", "store-racks", "contracts", "file-index"],
  "audit-trail": ["audit"],
  users: ["auth", "reminders"],
  registration: ["auth"],
  settings: ["mail", "auth"],
};

type Page = { pattern: string; features: string[] };

/** Every page address with the features of the route modules it renders, layouts first. */
function pages(entries: readonly RouteConfigEntry[], parent = "", above: string[] = []): Page[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const features = [...above, entry.file.split("/")[0] ?? ""];
    if (entry.children?.length) return pages(entry.children, pattern, features);
    return withoutOptionals(pattern).map((one) => ({ pattern: one, features }));
  });
}

/**
 * A pattern with optional segments ("insertproducts/:rackNumber?") as the patterns it stands for,
 * as Remix reads it: with each optional segment and without it.
 */
function withoutOptionals(pattern: string): string[] {
  const segments = pattern.split("/");
  const optional = segments.findIndex((segment) => segment.endsWith("?"));
  if (optional === -1) return [pattern];
  const given = [
    ...segments.slice(0, optional),
    segments[optional].slice(0, -1),
    ...segments.slice(optional + 1),
  ];
  const left = [...segments.slice(0, optional), ...segments.slice(optional + 1)];
  return [...withoutOptionals(given.join("/")), ...withoutOptionals(left.join("/"))];
}

/**
 * For a route table (app/pages.ts), the namespaces of the page at a path ("common" alone for an
 * address no page answers).
 */
export function namespacesOfPages(routes: readonly RouteConfigEntry[]) {
  const table = compileRoutes(pages(routes).map(({ pattern, features }) => ({ pattern, value: features })));
  return (pathname: string) => namespacesOf(matchRoute(table, pathname));
}

function namespacesOf(
  found: { route: { value: string[] }; params: Record<string, string | undefined> } | null,
) {
  const names = new Set(["common"]);
  for (const feature of found?.route.value ?? []) {
    names.add(feature);
    for (const shown of SHOWN_WITH[feature] ?? []) names.add(shown);
  }
  const format = found?.params.format;
  if (format) names.add(format.toUpperCase());
  return [...names];
}
