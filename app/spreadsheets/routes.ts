import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// The lists' downloads (issue 18): resource routes beside each list's address, ?format=xlsx|csv
// plus the list's own search and filters. Resource routes (app/resources.ts): a download has no page
// around it. Static segments rank above the lists' :id/:srno routes.
export const resources: RouteConfigEntry[] = [
  route(":format/records/export", "spreadsheets/routes/sop-records.ts", { id: "export-sop-records" }),
  route("audit/export", "spreadsheets/routes/audit.ts", { id: "export-audit" }),
];
