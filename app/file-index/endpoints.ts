import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README (api-contract.md).
export const fileIndexEndpoints: Endpoint[] = [
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
