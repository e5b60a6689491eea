import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
// The three menu addresses and /products/{department} share one table module (behaviour note 15).
export const pages: RouteConfigEntry[] = [
  route("products", "inventory/routes/list.tsx", { id: "inventory-list-electrician" }),
  route("firefight", "inventory/routes/list.tsx", { id: "inventory-list-firefight" }),
  route("technician", "inventory/routes/list.tsx", { id: "inventory-list-technician" }),
  route("products/:department", "inventory/routes/list.tsx", { id: "inventory-list" }),
  // The whole searched/filtered table on paper, sent without JavaScript.
  route("products/:department/print", "inventory/routes/print.tsx", { id: "inventory-print" }),
  // The table's Update and Delete address a line by serial number (see routes/line-by-srno.ts).
  route("products/:department/:srno/edit", "inventory/routes/line-by-srno.ts", { id: "inventory-edit" }),
  // Without JavaScript, Delete is a link to this confirmation page; its action deletes.
  route("products/:department/:srno/delete", "inventory/routes/delete.tsx", { id: "inventory-delete" }),
  // No department in the address: the page says 'Department is not specified' (spec §5).
  route("insertproduct", "inventory/routes/insert.tsx", { id: "inventory-insert-no-department" }),
  route("insertproduct/:department", "inventory/routes/insert.tsx", { id: "inventory-insert" }),
  route("updateproduct/:department/:id", "inventory/routes/update.tsx", { id: "inventory-update" }),
];

// Paths relative to "api/" (api-contract.md, the /api/{department} rows).
export const api: RouteConfigEntry[] = [
  route(":department/product", "inventory/routes/api-list.ts", { id: "api-inventory-list" }),
  route(":department/product/:id", "inventory/routes/api-item.ts", { id: "api-inventory-item" }),
  route(":department/create", "inventory/routes/api-create.ts", { id: "api-inventory-create" }),
  route(":department/update/:id", "inventory/routes/api-update.ts", { id: "api-inventory-update" }),
  route(":department/delete/:id", "inventory/routes/api-delete.ts", { id: "api-inventory-delete" }),
];

// This feature's /api endpoints, listed at GET /api and in the README.
// {department} is Electrician, FireFight or Technician (exact case).
export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/{department}/product",
    description: "A department's spare-parts lines, sorted by srno: {success, users}",
  },
  { method: "GET", path: "/api/{department}/product/{id}", description: "One spare-parts line" },
  {
    method: "POST",
    path: "/api/{department}/create",
    description:
      "Add a line (srno, Assets, ComponentsAndEquipments, AvailableStock, MinStock, LeadTime, StatusofOrder); AvailableStock is its opening movement",
  },
  {
    method: "PUT",
    path: "/api/{department}/update/{id}",
    description:
      "Change a line; send version to refuse a stale save (409); a new AvailableStock is recorded as a stock count",
  },
  { method: "DELETE", path: "/api/{department}/delete/{id}", description: "Delete a line" },
];
