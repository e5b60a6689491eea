import type { Endpoint } from "#app/api/endpoints.ts";
import { formats } from "./formats/index.ts";

// This feature's /api endpoints, listed at GET /api and in the README.
// {format} is any code in formats/index.ts (any case); a format's older address is its `legacyApi`.
export const sopEndpoints: Endpoint[] = [
  ...formats.flatMap(({ legacyApi }) =>
    legacyApi ? [{ method: "POST" as const, path: legacyApi.path, description: legacyApi.description }] : [],
  ),
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
