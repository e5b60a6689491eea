import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// The audit log's pages (issue 17); app/routes.ts composes them inside the signed-in shell.
// A record's own history is a section of its page (app/audit/history.tsx), not a route.
export const pages: RouteConfigEntry[] = [
  route("audit", "audit-trail/routes/audit.tsx", { id: "audit/list" }),
  // The whole searched/filtered log on paper, sent without JavaScript.
  route("audit/print", "audit-trail/routes/print.tsx", { id: "audit/print" }),
];

// The log's download (issue 18), a resource route (app/resources.ts) beside the page's address.
export const resources: RouteConfigEntry[] = [
  route("audit/export", "audit-trail/routes/export.ts", { id: "export-audit" }),
];
