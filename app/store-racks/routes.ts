import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("about", "store-racks/routes/racks.tsx", { id: "store-racks" }),
  // The whole searched/filtered list on paper, sent without JavaScript.
  route("about/print", "store-racks/routes/print.tsx", { id: "store-racks-print" }),
  route("about/:rackNumber/:id/delete", "store-racks/routes/delete.tsx", { id: "store-racks-delete" }),
  route("insertproducts/:rackNumber", "store-racks/routes/insert.tsx", { id: "store-racks-insert" }),
  route("rackupdate/:rackNumber/:id", "store-racks/routes/update.tsx", { id: "store-racks-update" }),
];

// Paths relative to "api/".
export const api: RouteConfigEntry[] = [
  route("rack/:rackNumber", "store-racks/routes/api-rack.ts", { id: "store-racks-api" }),
  route("rack/:rackNumber/:id", "store-racks/routes/api-rack-item.ts", { id: "store-racks-api-item" }),
  route("rackupdate/:rackNumber/:id", "store-racks/routes/api-rack-update.ts", {
    id: "store-racks-api-update",
  }),
];

// This feature's /api endpoints, listed at GET /api and in the README.
export const endpoints: Endpoint[] = [
  { method: "GET", path: "/api/rack/{rackNumber}", description: "Items of a store rack (1–24; rack7 = 7)" },
  {
    method: "POST",
    path: "/api/rack/{rackNumber}",
    description:
      "Add an item {section, materialName, availableStock, issue, receit}; closingStock is computed",
  },
  { method: "GET", path: "/api/rack/{rackNumber}/{_id}", description: "One rack item, as a list of one" },
  { method: "DELETE", path: "/api/rack/{rackNumber}/{_id}", description: "Delete a rack item" },
  {
    method: "PUT",
    path: "/api/rackupdate/{rackNumber}/{_id}",
    description: "Update a rack item (the six fields + optional version; 409 when stale)",
  },
];
