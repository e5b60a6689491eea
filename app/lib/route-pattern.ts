import type { RouteConfigEntry } from "@remix-run/route-config";

// The address matching of the resource routes (app/resources.server.ts), which are served before
// Remix and never enter its route table. Patterns are written as in app/routes.ts ("api/:department/
// product", "api/*") and match as Remix matches its own: static segments case-insensitively, an
// optional trailing slash, parameters decoded, the splat under "*", and the most specific pattern
// first (a static segment outranks a parameter, a splat ranks last; ties keep the table's order).
// Compiled once: Remix's own matchRoutes ranks the whole table on every call (docs/decisions/016);
// lib/route-match.test.ts checks that both choose the same route and parameters.

export type Params = Record<string, string | undefined>;

export type CompiledRoute<T> = {
  pattern: string;
  value: T;
  score: number;
  match: (pathname: string) => Params | null;
};

const PARAMETER = /^:[\w-]+$/;

/** Remix's ranking: segment count, +10 per static segment, +3 per parameter, −2 for a splat. */
export function patternScore(pattern: string) {
  const segments = pattern.split("/").filter(Boolean);
  let score = segments.length;
  for (const segment of segments) {
    if (segment === "*") score -= 2;
    else score += PARAMETER.test(segment) ? 3 : 10;
  }
  return score;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function decodeParameter(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape ("%E0%A4%A") is left as sent, as Remix leaves it: the handler's own
    // checks then refuse it as an unknown name or id.
    return value;
  }
}

function compile(pattern: string) {
  const names: string[] = [];
  let source = "";
  for (const segment of pattern.split("/").filter(Boolean)) {
    if (segment === "*") {
      names.push("*");
      source += "(?:/(.*))?";
    } else if (PARAMETER.test(segment)) {
      names.push(segment.slice(1));
      source += "/([^/]+)";
    } else {
      source += `/${escapeRegExp(segment)}`;
    }
  }
  const expression = new RegExp(`^${source}/?$`, "i");
  return (pathname: string): Params | null => {
    const found = expression.exec(pathname);
    if (!found) return null;
    const params: Params = {};
    names.forEach((name, index) => {
      params[name] = decodeParameter(found[index + 1] ?? "");
    });
    return params;
  };
}

/** Compiles a table once, most specific first. */
export function compileRoutes<T>(entries: ReadonlyArray<{ pattern: string; value: T }>): CompiledRoute<T>[] {
  return entries
    .map((entry, order) => ({
      ...entry,
      order,
      score: patternScore(entry.pattern),
      match: compile(entry.pattern),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ order: _order, ...route }) => route);
}

/** The first (most specific) route matching the path, with its parameters. */
export function matchRoute<T>(routes: ReadonlyArray<CompiledRoute<T>>, pathname: string) {
  for (const route of routes) {
    const params = route.match(pathname);
    if (params) return { route, params };
  }
  return null;
}

/** A route list's entries with their full patterns ("api" + "health" → "api/health"). */
export function flattenEntries(
  entries: ReadonlyArray<RouteConfigEntry>,
  parent = "",
): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...flattenEntries(entry.children ?? [], pattern)];
  });
}
