import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// The lists' downloads (issue 18): resource routes beside each list's address, ?format=xlsx|csv
// plus the list's own search and filters. Resource routes (app/resources.ts): a download has no page
// around it. Static segments rank above the lists' :id/:srno routes.
export const resources: RouteConfigEntry[] = [
  route("products/:department/export", "spreadsheets/routes/inventory.ts", { id: "export-inventory" }),
  route("about/export", "spreadsheets/routes/racks.ts", { id: "export-store-racks" }),
  route("stock/report/export", "spreadsheets/routes/stock-report.ts", { id: "export-stock-report" }),
  route("stock/:type/:id/export", "spreadsheets/routes/stock-card.ts", { id: "export-stock-card" }),
];
