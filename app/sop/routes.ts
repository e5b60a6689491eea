import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "@remix-run/route-config";

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
