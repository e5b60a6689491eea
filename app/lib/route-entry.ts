import type { RouteConfigEntry } from "@remix-run/route-config";
import type { Endpoint } from "#app/lib/endpoint.ts";

/**
 * A route list entry, as `route(path, file, { id })` of @remix-run/route-config builds it. The
 * features' routes.ts use this one because the server also imports them (GET /api lists their
 * `endpoints`), and @remix-run/route-config loads the whole of @remix-run/dev when it starts.
 * app/routes.ts, read only at build time, keeps the library's helpers.
 */
export function route(path: string, file: string, options: { id?: string } = {}): RouteConfigEntry {
  return { file, path, ...(options.id === undefined ? {} : { id: options.id }) };
}

/** An index route entry, as `index(file, { id })` of @remix-run/route-config builds it. */
export function index(file: string, options: { id?: string } = {}): RouteConfigEntry {
  return { file, index: true, ...(options.id === undefined ? {} : { id: options.id }) };
}

/** A layout route entry (no path of its own), as `layout(file, { id }, children)` builds it. */
export function layout(
  file: string,
  options: { id?: string },
  children: RouteConfigEntry[],
): RouteConfigEntry {
  return { file, children, ...(options.id === undefined ? {} : { id: options.id }) };
}

/** The entries under a path prefix, as `prefix` of @remix-run/route-config builds them. */
export function prefix(path: string, entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({ ...entry, path: entry.path ? `${path}/${entry.path}` : path }));
}

/**
 * The route entries of /api operations (lib/endpoint.ts): one per path, `{name}` → `:name` (the
 * legacy wire's `{_id}` → `:id`, the parameter the modules read), in the order the paths first
 * appear. Two modules named for one path stop the server at start, as a route table's mistake would.
 */
export function apiRoutes(endpoints: ReadonlyArray<Pick<Endpoint, "path" | "module">>): RouteConfigEntry[] {
  const modules = new Map<string, string>();
  for (const { path, module } of endpoints) {
    const pattern = routePattern(path);
    const known = modules.get(pattern);
    if (known !== undefined && known !== module)
      throw new Error(`${path} is served by both ${known} and ${module}`);
    modules.set(pattern, module);
  }
  return [...modules].map(([pattern, file]) => route(pattern, file));
}

/** An OpenAPI path as a route pattern: "/api/rack/{rackNumber}/{_id}" → "api/rack/:rackNumber/:id". */
export const routePattern = (path: string) => path.replace(/^\//, "").replace(/\{_?(\w+)\}/g, ":$1");
