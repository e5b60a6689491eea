import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// Mail (issue 19); app/routes.ts composes these inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("settings/outbox", "mail/routes/outbox.tsx", { id: "mail/outbox" }),
];
