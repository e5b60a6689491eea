import { type RouteConfigEntry, route } from "@remix-run/route-config";

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
