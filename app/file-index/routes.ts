import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("rackadmin", "file-index/routes/rackadmin.tsx", { id: "file-index" }),
  route("rackadmin/racks/:rackName/:id", "file-index/routes/update-file.tsx", { id: "file-index-update" }),
  route("rackadmin/racks/:rackName/:id/delete", "file-index/routes/delete-file.tsx", {
    id: "file-index-delete",
  }),
  // Kept inside the shell (app/routes.ts is shared); print CSS hides the shell on paper.
  route("rackadmin/print/:cupboard", "file-index/routes/print-index.tsx", { id: "file-index-print" }),
];

// Paths relative to "api/".
export const api: RouteConfigEntry[] = [
  route("racks/:rackName", "file-index/routes/api-rack.ts", { id: "api-racks" }),
  route("racks/:rackName/:id", "file-index/routes/api-rack-file.ts", { id: "api-rack-file" }),
];

// This feature's /api endpoints, listed at GET /api and in the README (api-contract.md).
export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/racks/{rackName}",
    description: "The rack as [{name, files: [{_id, id, name}]}], files in number order (Rack1A…Rack2D)",
  },
  {
    method: "POST",
    path: "/api/racks/{rackName}",
    description: "Add files {files: [{id (number), name}]}; 201 {name, files}; 409 when the number is taken",
  },
  {
    method: "GET",
    path: "/api/racks/{rackName}/{_id}",
    description: "One file {_id, id, name}; its version in the ETag header",
  },
  {
    method: "PUT",
    path: "/api/racks/{rackName}/{_id}",
    description: "Rename {name (+ version or If-Match)}; {message, file}; 409 when changed meanwhile",
  },
  { method: "DELETE", path: "/api/racks/{rackName}/{_id}", description: "Delete a file; {message}" },
];
