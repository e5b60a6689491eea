import { type RouteConfigEntry, route } from "@remix-run/route-config";

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
