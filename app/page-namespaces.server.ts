import { namespacesOfPages } from "#app/i18n/namespaces.server.ts";
import { pages } from "#app/pages.ts";

/** The catalogue namespaces the page at a path is sent (app/i18n/namespaces.server.ts). */
export const pageNamespaces = namespacesOfPages(pages);
