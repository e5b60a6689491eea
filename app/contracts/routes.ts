import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("amc", "contracts/routes/list.tsx", { id: "contracts/list" }),
  // The whole searched/filtered list on paper, sent without JavaScript.
  route("amc/print", "contracts/routes/print.tsx", { id: "contracts/print" }),
  route("amcinsert", "contracts/routes/insert.tsx", { id: "contracts/insert" }),
  route("amcupdate/:id", "contracts/routes/update.tsx", { id: "contracts/update" }),
  route("amc/:id/delete", "contracts/routes/delete.tsx", { id: "contracts/delete" }),
  route("alerts", "shell/routes/alerts.tsx", { id: "shell/alerts" }),
];

// Paths relative to "api/" (api-contract.md, the /api/equipment rows).
export const api: RouteConfigEntry[] = [
  route("equipment/get", "contracts/routes/api-list.ts", { id: "contracts/api-list" }),
  route("equipment/get/:id", "contracts/routes/api-get.ts", { id: "contracts/api-get" }),
  route("equipment/add", "contracts/routes/api-add.ts", { id: "contracts/api-add" }),
  route("equipment/updated/:id", "contracts/routes/api-update.ts", { id: "contracts/api-update" }),
  route("equipment/delete/:id", "contracts/routes/api-delete.ts", { id: "contracts/api-delete" }),
];

// This feature's /api endpoints, listed at GET /api and in the README.
export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/equipment/get",
    description: "All maintenance contracts (equipment records, each with status: expired, dueSoon or fine)",
  },
  {
    method: "GET",
    path: "/api/equipment/get/{id}",
    description: "One maintenance contract, as a list holding the record",
  },
  {
    method: "POST",
    path: "/api/equipment/add",
    description:
      "Add a contract: {equipment, company, validity: {from, to}, pms, vendorCode, contractNumber, concernedPerson, mobileNumber, lastDateOfChecking, nextDueDate}",
  },
  {
    method: "PUT",
    path: "/api/equipment/updated/{id}",
    description: "Update a contract (fields left out are kept; send version to refuse a stale save)",
  },
  { method: "DELETE", path: "/api/equipment/delete/{id}", description: "Delete a contract" },
];
