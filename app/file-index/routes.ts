import type { RouteConfigEntry } from "@remix-run/route-config";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [];
export const api: RouteConfigEntry[] = [];
