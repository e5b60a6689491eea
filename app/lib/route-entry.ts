import type { RouteConfigEntry } from "@remix-run/route-config";

/**
 * A route list entry, as `route(path, file, { id })` of @remix-run/route-config builds it. The
 * features' routes.ts use this one because the server also imports them (GET /api lists their
 * `endpoints`), and @remix-run/route-config loads the whole of @remix-run/dev when it starts.
 * app/routes.ts, read only at build time, keeps the library's helpers.
 */
export function route(path: string, file: string, options: { id?: string } = {}): RouteConfigEntry {
  return { file, path, ...(options.id === undefined ? {} : { id: options.id }) };
}

/** The entries under a path prefix, as `prefix` of @remix-run/route-config builds them. */
export function prefix(path: string, entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({ ...entry, path: entry.path ? `${path}/${entry.path}` : path }));
}
