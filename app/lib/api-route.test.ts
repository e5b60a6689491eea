import { describe, expect, it } from "vitest";
import { allEndpoints } from "#app/api/endpoints.ts";
import { apiRoute } from "#app/lib/api-handler.server.ts";
import type { Endpoint } from "#app/lib/endpoint.ts";
import { apiRoutes, routePattern } from "#app/lib/route-entry.ts";
import { flattenEntries } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";

// Each /api operation is declared once (lib/endpoint.ts): its route entry and the methods its
// address takes are derived from the declarations.

const operation = (method: Endpoint["method"], path: string, module: string, operationId: string) =>
  ({
    method,
    path,
    module,
    operationId,
    description: operationId,
    tag: "Test",
    example: { path },
    responses: {},
  }) satisfies Endpoint;

describe("the /api route entries, derived from the operations", () => {
  it("gives every declared path one route entry of app/resources.ts, served by its operations' module", () => {
    const served = flattenEntries(resources).filter(({ pattern }) => /^api(\/|$)/.test(pattern));
    for (const endpoint of allEndpoints) {
      const entries = served.filter(({ pattern }) => pattern === routePattern(endpoint.path));
      expect(entries, `${endpoint.method} ${endpoint.path}`).toEqual([
        { pattern: routePattern(endpoint.path), file: endpoint.module },
      ]);
    }
    // …and no other /api address but the catch-all 404.
    const declared = new Set(allEndpoints.map(({ path }) => routePattern(path)));
    expect(served.filter(({ pattern }) => !declared.has(pattern)).map(({ pattern }) => pattern)).toEqual([
      "api/*",
    ]);
  });

  it("writes a path's parameters as the route's, the legacy wire's {_id} as :id", () => {
    expect(routePattern("/api/rack/{rackNumber}/{_id}")).toBe("api/rack/:rackNumber/:id");
    expect(routePattern("/api")).toBe("api");
    expect(
      apiRoutes([
        operation("GET", "/api/things/{id}", "things/routes/api-thing.ts", "getThing"),
        operation("DELETE", "/api/things/{id}", "things/routes/api-thing.ts", "deleteThing"),
        operation("POST", "/api/things", "things/routes/api-things.ts", "addThing"),
      ]),
    ).toEqual([
      { path: "api/things/:id", file: "things/routes/api-thing.ts" },
      { path: "api/things", file: "things/routes/api-things.ts" },
    ]);
  });

  it("refuses one path served by two modules", () => {
    expect(() =>
      apiRoutes([
        operation("GET", "/api/things", "things/routes/api-list.ts", "listThings"),
        operation("POST", "/api/things", "things/routes/api-add.ts", "addThing"),
      ]),
    ).toThrow(/\/api\/things is served by both/);
  });
});

describe("an /api module's loader and action, from its operations", () => {
  const endpoints = [
    operation("GET", "/api/things", "things/routes/api-things.ts", "listThings"),
    operation("DELETE", "/api/things/{id}", "things/routes/api-thing.ts", "deleteThing"),
  ];
  const listThings = async () => Response.json(["a thing"]);
  const signedIn = (request: Request) => request.headers.has("authorization");
  const route = apiRoute(
    endpoints,
    async (request) => {
      if (!signedIn(request)) throw Response.json({ message: "Authentication required" }, { status: 401 });
    },
    { listThings },
  );
  const send = (method: string, token = true) => {
    const request = new Request("http://plant.test/api/things", {
      method,
      headers: token ? { authorization: "Bearer t" } : {},
    });
    const handler = method === "GET" || method === "HEAD" ? route.loader : route.action;
    return handler({ request, params: {}, context: {} });
  };

  it("sends a declared method (HEAD as GET) to its operation's handler", async () => {
    expect(await (await send("GET")).json()).toEqual(["a thing"]);
    expect((await send("HEAD")).status).toBe(200);
  });

  it("answers a path that takes GET only 405 to a POST after the sign-in, a visitor 401", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const refused = await send(method);
      expect(refused.status, method).toBe(405);
      expect(await refused.text()).toBe('{"message":"Method not allowed"}');
      expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(refused.headers.get("x-request-id")).toMatch(/^[\w-]{1,64}$/);
      expect((await send(method, false)).status, method).toBe(401);
    }
  });

  it("stops a module with a handler for no declared operation, or an operation of its path left out", () => {
    expect(() => apiRoute(endpoints, null, { listThings, addThing: listThings })).toThrow(
      /no operation addThing/,
    );
    const twoMethods = [...endpoints, operation("POST", "/api/things", "things/routes/api-things.ts", "add")];
    expect(() => apiRoute(twoMethods, null, { listThings })).toThrow(
      /add \(POST \/api\/things\) has no handler/,
    );
    expect(() => apiRoute(endpoints, null, { listThings, deleteThing: listThings })).toThrow(/one address/);
  });
});
