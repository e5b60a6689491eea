import { describe, expect, it } from "vitest";
import { prefix, route } from "#app/lib/route-entry.ts";
import { compileRoutes, flattenEntries, matchRoute, patternScore } from "#app/lib/route-pattern.ts";

const table = compileRoutes(
  [
    "api/*",
    "api",
    "api/:department/product",
    "api/:department/product/:id",
    "api/equipment/get",
    "api/racks/:rackName/:id",
    "import/:kind/template",
    "import/:kind/:id/undo",
  ].map((pattern) => ({ pattern, value: pattern })),
);
const chosen = (path: string) => {
  const found = matchRoute(table, path);
  return found && { pattern: found.route.value, params: found.params };
};

describe("resource route patterns, matched as Remix matches its routes", () => {
  it("ranks a static segment above a parameter and a splat last", () => {
    expect(patternScore("api/equipment/get")).toBeGreaterThan(patternScore("api/:department/product"));
    expect(patternScore("api/:department/product")).toBeGreaterThan(patternScore("api/:a/:b"));
    expect(patternScore("api/*")).toBeLessThan(patternScore("api"));
    expect(chosen("/api/equipment/get")?.pattern).toBe("api/equipment/get");
    expect(chosen("/api/equipment/product")).toEqual({
      pattern: "api/:department/product",
      params: { department: "equipment" },
    });
  });

  it("answers the index before the splat, and the splat for any other path under it", () => {
    expect(chosen("/api")?.pattern).toBe("api");
    expect(chosen("/api/no/such/thing")).toEqual({ pattern: "api/*", params: { "*": "no/such/thing" } });
  });

  it("matches static segments in any case and takes a trailing slash, as Remix does", () => {
    expect(chosen("/API/Equipment/GET/")?.pattern).toBe("api/equipment/get");
    expect(chosen("/api/Electrician/product/")?.params).toEqual({ department: "Electrician" });
  });

  it("decodes parameters, and leaves a malformed escape as sent", () => {
    expect(chosen("/api/racks/Rack%201/abc")?.params).toEqual({ rackName: "Rack 1", id: "abc" });
    expect(chosen("/api/racks/%E0%A4%A/abc")?.params).toEqual({ rackName: "%E0%A4%A", id: "abc" });
  });

  it("keeps the table's order between equally specific patterns", () => {
    const tied = compileRoutes([
      { pattern: "import/:kind/template", value: "first" },
      { pattern: "import/products/:department", value: "second" },
    ]);
    expect(matchRoute(tied, "/import/products/template")?.route.value).toBe("first");
  });

  it("answers null for an address no pattern names", () => {
    expect(chosen("/home")).toBeNull();
    expect(chosen("/import/racks")).toBeNull();
    expect(chosen("/apis")).toBeNull();
  });

  it("flattens a route list under its prefix", () => {
    expect(
      flattenEntries(prefix("api", [{ index: true, file: "index.ts" }, route("health", "health.ts")])),
    ).toEqual([
      { pattern: "api", file: "index.ts" },
      { pattern: "api/health", file: "health.ts" },
    ]);
  });
});
