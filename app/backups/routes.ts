import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// Backups (issue 34); app/routes.ts composes the page inside the signed-in shell, app/resources.ts
// the download.
export const pages: RouteConfigEntry[] = [
  route("settings/backups", "backups/routes/backups.tsx", { id: "backups/page" }),
];

export const resources: RouteConfigEntry[] = [route("settings/backups/:name", "backups/routes/download.ts")];
