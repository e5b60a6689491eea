import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
export const storeRackEndpoints: Endpoint[] = [
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
