import { matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { compileRoutes, flattenEntries, matchRoute } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";

// The resource routes keep their own matcher (lib/route-pattern.ts): Remix's matchRoutes flattens
// and ranks the whole table on every call (docs/decisions/016-endpoints-declared-once.md). Remix's
// matcher is the reference it must agree with, on every address of app/resources.ts.

const entries = flattenEntries(resources);
const table = compileRoutes(entries.map(({ pattern }) => ({ pattern, value: pattern })));
const remixTable = entries.map(({ pattern }) => ({ path: pattern, id: pattern }));

const VALUES = [
  "Electrician",
  "7",
  "0b6c1c52-7a0e-4c57-9d4a-2f1d0e6b8a11",
  "AS11",
  "rack",
  "x y",
  "%E0%A4%A",
];
const samples = entries.flatMap(({ pattern }) =>
  VALUES.flatMap((value) => {
    const path = `/${pattern.replace(/:[\w-]+/g, encodeURIComponent(value)).replace("*", "no/such/thing")}`;
    return [path, `${path}/`, path.toUpperCase()];
  }),
);

describe("the resource routes' matcher", () => {
  it("chooses the route and parameters Remix's own matchRoutes chooses, for every resource address", () => {
    expect(samples.length).toBeGreaterThan(100);
    for (const path of samples) {
      const ours = matchRoute(table, path);
      const remix = matchRoutes(remixTable, path)?.[0];
      expect(ours?.route.value, path).toBe(remix?.route.id);
      expect(ours?.params, path).toEqual(remix?.params);
    }
  });
});
