import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";
import { formats } from "#app/sop/formats/index.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
// One dynamic `:format` segment serves every format (/AS11, /as10, …, any case); the loader
// answers 404 for a name that is not a format. Static routes of other features rank above it.
export const pages: RouteConfigEntry[] = [
  route("adminandsecurity", "sop/routes/hub.tsx", { id: "sop-hub" }),
  route(":format", "sop/routes/form.tsx", { id: "sop-form" }),
  route(":format/records", "sop/routes/records.tsx", { id: "sop-records" }),
  // The whole searched list on paper, sent without JavaScript (ranks above :id, a static segment).
  route(":format/records/print", "sop/routes/records-print.tsx", { id: "sop-records-print" }),
  route(":format/records/:id", "sop/routes/record.tsx", { id: "sop-record" }),
  route(":format/records/:id/edit", "sop/routes/edit.tsx", { id: "sop-edit" }),
  route(":format/records/:id/print", "sop/routes/print.tsx", { id: "sop-print" }),
  route(":format/records/:id/delete", "sop/routes/delete.tsx", { id: "sop-delete" }),
];

// Paths relative to "api/".
export const api: RouteConfigEntry[] = [
  route("checklist", "sop/routes/api-checklist.ts", { id: "api-checklist" }),
  route("sop/:format", "sop/routes/api-records.ts", { id: "api-sop-records" }),
  route("sop/:format/:id", "sop/routes/api-record.ts", { id: "api-sop-record" }),
];

// This feature's /api endpoints, listed at GET /api and in the README.
// {format} is any code in formats/index.ts (any case); a format's older address is its `legacyApi`.
export const endpoints: Endpoint[] = [
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
