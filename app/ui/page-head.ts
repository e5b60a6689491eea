import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { matchesTranslator } from "#app/i18n/provider.tsx";

// A page's head, as its route module exports it: `meta` names the page in the tab ("… · PlantOps",
// the product's name after the page's), `links` loads its feature's stylesheet.

type Translate = ReturnType<typeof matchesTranslator>;

/** A route's `meta`: the page's title (in the page's language), then the product's name. */
export const pageTitle =
  (title: string): MetaFunction =>
  ({ matches }) => [{ title: `${matchesTranslator(matches)(title)} · PlantOps` }];

/**
 * A route's `meta` whose title is made from its loader's data with the page's translator (a SOP
 * record's "{code} record"), in the page's language; the product's name alone when there is no
 * data (the page's error).
 */
export const pageTitleOf =
  <Data>(title: (data: Data, _: Translate) => string): MetaFunction =>
  ({ data, matches }) => [
    { title: data ? `${title(data as Data, matchesTranslator(matches))} · PlantOps` : "PlantOps" },
  ];

/** A route's `links`: its stylesheet (or stylesheets, in order). */
export const stylesheet =
  (...hrefs: string[]): LinksFunction =>
  () =>
    hrefs.map((href) => ({ rel: "stylesheet", href }));
