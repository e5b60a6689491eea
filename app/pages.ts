import type { RouteConfigEntry } from "@remix-run/route-config";
import * as audit from "#app/audit-trail/routes.ts";
import * as backups from "#app/backups/routes.ts";
import * as contracts from "#app/contracts/routes.ts";
import * as fileIndex from "#app/file-index/routes.ts";
import * as importsFeature from "#app/imports/routes.ts";
import * as stockReport from "#app/ledger/report/routes.ts";
import * as ledger from "#app/ledger/routes.ts";
import { index, layout, route } from "#app/lib/route-entry.ts";
import * as mail from "#app/mail/routes.ts";
import * as sop from "#app/sop/routes.ts";
import * as spares from "#app/spares/routes.ts";
import * as storeRacks from "#app/store-racks/routes.ts";
import * as users from "#app/users/routes.ts";

// The route table of the pages (the legacy app), as plain data: the server reads it too (which
// catalogue namespaces a page is sent, app/page-namespaces.server.ts); app/routes.ts hands it to
// Remix. Each feature folder lists its own routes in its routes.ts; this file composes them: public pages and the signed-in shell. The addresses without a page (the
// JSON API, downloads, sign-out, an import's undo) are app/resources.ts, served before Remix.
export const pages: RouteConfigEntry[] = [
  index("auth/routes/login.tsx", { id: "sign-in" }),
  route("login", "auth/routes/login.tsx", { id: "login" }),
  route("register", "registration/routes/register.tsx"),
  users.changePassword,

  layout("shell/routes/layout.tsx", { id: "shell" }, [
    route("home", "home/route.tsx"),
    // Today as a one-page daily report, sent without JavaScript.
    route("home/print", "home/print.tsx", { id: "home/print" }),
    route("settings", "settings/routes/settings.tsx"),
    ...mail.pages,
    ...backups.pages,
    ...spares.pages,
    ...storeRacks.pages,
    ...ledger.pages,
    ...stockReport.pages,
    ...contracts.pages,
    ...fileIndex.pages,
    ...importsFeature.pages,
    ...sop.pages,
    ...users.pages,
    ...audit.pages,
    route("*", "shell/routes/not-found.tsx"),
  ]),
];
