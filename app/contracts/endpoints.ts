import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
export const contractEndpoints: Endpoint[] = [
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
