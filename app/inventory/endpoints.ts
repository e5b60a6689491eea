import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
// {department} is Electrician, FireFight or Technician (exact case).
export const inventoryEndpoints: Endpoint[] = [
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
      "Add a line (srno, Assets, ComponentsAndEquipments, AvailableStock, MinStock, LeadTime, StatusofOrder)",
  },
  {
    method: "PUT",
    path: "/api/{department}/update/{id}",
    description: "Change a line; send version to refuse a stale save (409)",
  },
  { method: "DELETE", path: "/api/{department}/delete/{id}", description: "Delete a line" },
];
