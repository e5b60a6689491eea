import type { RouteConfigEntry } from "@remix-run/route-config";
import { allEndpoints } from "#app/api/endpoints.ts";
import * as auditTrail from "#app/audit-trail/routes.ts";
import * as backups from "#app/backups/routes.ts";
import * as contracts from "#app/contracts/routes.ts";
import * as fileIndex from "#app/file-index/routes.ts";
import * as importsFeature from "#app/imports/routes.ts";
import * as stockReport from "#app/ledger/report/routes.ts";
import * as ledger from "#app/ledger/routes.ts";
import { apiRoutes, route } from "#app/lib/route-entry.ts";
import * as sop from "#app/sop/routes.ts";
import * as spares from "#app/spares/routes.ts";
import * as storeRacks from "#app/store-racks/routes.ts";

// The addresses that answer without a page of their own: the JSON API, the downloads (an import's
// template too) and sign-out. They are not in Remix's route table (app/routes.ts): server/app.ts
// hands each request for one to its module before Remix sees it (app/resources.server.ts), so the
// browser build carries no empty module per address and an API call skips Remix's matching of
// every page (docs/decisions/010-resource-routes.md). Written as app/routes.ts writes routes; the modules
// export a `loader` (GET, HEAD) and/or an `action` (the other methods), as a Remix route would.
// A form that posts to one of these addresses is a full page load (`reloadDocument`).
export const resources: RouteConfigEntry[] = [
  route("logout", "auth/routes/logout.tsx"),
  // The sign-in and register pages' language switch (a cookie), a form post.
  route("language", "i18n/routes/language.ts"),
  ...sop.resources,
  ...auditTrail.resources,
  ...contracts.resources,
  ...fileIndex.resources,
  ...spares.resources,
  ...storeRacks.resources,
  ...ledger.resources,
  ...stockReport.resources,
  ...backups.resources,
  ...importsFeature.resources,
  // Each /api operation declares the module serving it (app/api/endpoints.ts composes them):
  // a route per path. An address under /api that none declares is the API's own 404.
  ...apiRoutes(allEndpoints),
  route("api/*", "api/routes/not-found.ts"),
];
