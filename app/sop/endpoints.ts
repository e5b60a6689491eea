import type { Endpoint } from "#app/api/endpoints.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
// {format} is AS06, AS08, AS09, AS10, AS11, AS12, AS14, AS15, AS16 or AS17 (any case).
export const sopEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/api/checklist",
    description: "Save an AS11 packed-lorry checklist (legacy); 201 {message, _id}",
  },
  {
    method: "GET",
    path: "/api/sop/{format}",
    description: "Records of a format, newest first: ?from=&to= (YYYY-MM-DD), ?text=, ?page= (50 a page)",
  },
  {
    method: "POST",
    path: "/api/sop/{format}",
    description: "Save a record of a format; 201 {message, _id, record}",
  },
  { method: "GET", path: "/api/sop/{format}/{id}", description: "One record of a format" },
  {
    method: "PUT",
    path: "/api/sop/{format}/{id}",
    description: "Replace a record's fields (+ optional version; a stale version is 409)",
  },
  { method: "DELETE", path: "/api/sop/{format}/{id}", description: "Delete a record" },
];
