import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// The audit log's pages (issue 17); app/routes.ts composes them inside the signed-in shell.
// A record's own history is a section of its page (app/audit/history.tsx), not a route.
export const pages: RouteConfigEntry[] = [
  route("audit", "audit/routes/audit.tsx", { id: "audit/list" }),
  // The whole searched/filtered log on paper, sent without JavaScript.
  route("audit/print", "audit/routes/print.tsx", { id: "audit/print" }),
];
