import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import { endpointRow } from "#app/lib/endpoint.ts";
import { resources } from "#app/resources.ts";
import routes from "#app/routes.ts";
import { sopFormatsMenu } from "#app/shell/menus.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { formDefaults } from "#app/sop/engine/values.ts";
import { findFormat, formatOfLegacyApi, formats } from "#app/sop/formats/index.ts";
import { recordPath, recordsPath } from "#app/sop/paths.ts";
import { endpoints as sopEndpoints } from "#app/sop/routes.ts";
import { sampleRecord } from "#tests/support/sop-sample.ts";

// A new format is one definition file listed in formats/index.ts: everything else follows from the
// list. These checks hold for every format in it, so a newcomer's format is checked the same way.

type Route = { pattern: string[]; file: string };

/** Every route of the app (pages and resource routes) with its full path, split into segments. */
function flatten(entries: RouteConfigEntry[], parent: string[] = []): Route[] {
  return entries.flatMap((entry) => {
    const pattern = [...parent, ...(entry.path ? entry.path.split("/") : [])];
    return [
      ...(entry.path !== undefined || entry.index ? [{ pattern, file: entry.file }] : []),
      ...flatten(entry.children ?? [], pattern),
    ];
  });
}
const allRoutes = flatten([...routes, ...resources]);

/** The route module that serves a URL path: static segments outrank `:params`, which outrank `*`
 * (Remix's ranking; paths match in any case). */
function routeFileOf(path: string) {
  const segments = path.split("/").filter(Boolean);
  const score = ({ pattern }: Route) => {
    if (pattern.at(-1) === "*") {
      const fixed = pattern.slice(0, -1);
      if (segments.length < fixed.length) return -1;
      return fixed.every((part, i) => part.startsWith(":") || part === segments[i].toLowerCase()) ? 1 : -1;
    }
    if (pattern.length !== segments.length) return -1;
    let total = 100;
    for (const [i, part] of pattern.entries()) {
      if (part.startsWith(":")) total += 3;
      else if (part.toLowerCase() === segments[i].toLowerCase()) total += 10;
      else return -1;
    }
    return total;
  };
  const best = allRoutes
    .map((route) => ({ route, score: score(route) }))
    .sort((a, b) => b.score - a.score)[0];
  return best && best.score > 0 ? best.route.file : undefined;
}

describe("the formats list", () => {
  it("gives every format its own code and path", () => {
    expect(new Set(formats.map((format) => format.code.toUpperCase())).size).toBe(formats.length);
    expect(new Set(formats.map((format) => format.path.toLowerCase())).size).toBe(formats.length);
  });

  it("is the navbar's SOP menu, in the paper's order, labelled with each format's code and title", () => {
    expect(sopFormatsMenu).toEqual(
      formats.map((format) => ({ label: `${format.code} ${format.title}`, to: format.path })),
    );
  });

  for (const definition of formats) {
    describe(definition.code, () => {
      it("is reachable by its path: the blank form, the records, a record and its pages", () => {
        expect(definition.path).toMatch(/^\/[A-Za-z0-9]+$/);
        expect(findFormat(definition.path.slice(1))).toBe(definition);
        const id = "00000000-0000-4000-8000-000000000000";
        expect(routeFileOf(definition.path)).toBe("sop/routes/form.tsx");
        expect(routeFileOf(recordsPath(definition))).toBe("sop/routes/records.tsx");
        expect(routeFileOf(recordPath(definition, id))).toBe("sop/routes/record.tsx");
        for (const page of ["edit", "print", "delete"])
          expect(routeFileOf(`${recordPath(definition, id)}/${page}`)).toBe(`sop/routes/${page}.tsx`);
        expect(routeFileOf(`/api/sop/${definition.code}`)).toBe("sop/routes/api-records.ts");
        expect(routeFileOf(`/api/sop/${definition.code}/${id}`)).toBe("sop/routes/api-record.ts");
      });

      it("has its entry in the navbar's SOP menu", () => {
        expect(sopFormatsMenu).toContainEqual({
          label: `${definition.code} ${definition.title}`,
          to: definition.path,
        });
      });

      it("builds its schema from its definition: a filled-in record saves and comes back into the form unchanged", () => {
        const saved = schemaFor(definition).safeParse(sampleRecord(definition, "New"));
        expect(saved.error?.issues ?? []).toEqual([]);
        const again = schemaFor(definition).safeParse(formDefaults(definition, saved.data, "2025-03-14"));
        expect(again.error?.issues ?? []).toEqual([]);
        expect(again.data).toEqual(saved.data);
      });
    });
  }
});

describe("capabilities declared on the definitions", () => {
  it("only AS15 lists the material not yet returned", () => {
    expect(formats.filter((format) => format.outstandingReturns).map((format) => format.code)).toEqual([
      "AS15",
    ]);
  });

  it("POST /api/checklist saves AS11, is routed and is listed at GET /api", () => {
    expect(formatOfLegacyApi("/api/checklist").code).toBe("AS11");
    expect(routeFileOf("/api/checklist")).toBe("sop/routes/api-checklist.ts");
    expect(sopEndpoints.map(endpointRow)).toContainEqual({
      method: "POST",
      path: "/api/checklist",
      description: "Save an AS11 packed-lorry checklist (legacy); 201 {message, _id}",
    });
  });
});
