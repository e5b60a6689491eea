import { gzipSync } from "node:zlib";
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { allEndpoints } from "#app/api/endpoints.ts";
import { buildOpenApiDocument, openApiDocument } from "#app/api/openapi.server.ts";
import { loader as docsPage } from "#app/api/routes/docs.tsx";
import { loader as apiIndex } from "#app/api/routes/index.ts";
import { loader as openapiJson } from "#app/api/routes/openapi.ts";
import { flattenEntries } from "#app/lib/route-pattern.ts";
import { resources } from "#app/resources.ts";
import { sampleLine } from "#app/spares/api-schema.ts";
import { expectDocumentedAnswer } from "#tests/support/openapi.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// Issue 20: the OpenAPI document of /api — valid, complete both ways against the routes the app
// serves, its examples true to its schemas, served at /api/openapi.json and as a page at /api/docs.

type Json = Record<string, unknown>;
type Operation = Json & { operationId: string; responses: Record<string, Json> };
const document = openApiDocument() as Json & { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

let token: string;
beforeAll(async () => {
  // The first account of a file's database is the admin: every area is open to it.
  token = await apiToken(await signedInUser());
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (a maintained validator finds no error)", async () => {
    const result = await validate(structuredClone(buildOpenApiDocument()) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe("OpenAPI");
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every operation GET /api lists, once, with a unique operationId", () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      allEndpoints.map(({ method, path }) => `${method} ${path}`).sort(),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names both ways to sign in, and leaves only health, sign-in and registration open", () => {
    const schemes = (document.components as { securitySchemes: Json }).securitySchemes;
    expect(schemes).toMatchObject({
      session: { type: "apiKey", in: "cookie" },
      bearer: { type: "http", scheme: "bearer" },
    });
    const open = operations.filter(({ operation }) => Array.isArray(operation.security)).map((o) => o.path);
    expect(open.sort()).toEqual(["/api/auth/login", "/api/auth/register", "/api/health"]);
    for (const { method, path, operation } of operations) {
      if (open.includes(path)) continue;
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(["401", "403", "500"]),
      );
    }
  });

  it("gives every operation an example request and a documented 2xx answer with an example", () => {
    for (const { method, path, operation } of operations) {
      expect(operation["x-example-path"], `${method} ${path}`).toMatch(/^\/api/);
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
      expect(success, `${method} ${path} has a 2xx answer`).toBeDefined();
      const content = (success?.[1].content ?? {}) as Record<string, Json>;
      if (content["application/json"])
        expect(content["application/json"].example, `${method} ${path}`).toBeDefined();
    }
  });

  it("keeps its examples true to its schemas (answers and request bodies)", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const problems: string[] = [];
    const check = (where: string, media: Json | undefined) => {
      if (!media?.schema || media.example === undefined) return;
      const valid = ajv.validate(media.schema as Json, media.example);
      if (!valid) problems.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
    };
    for (const { method, path, operation } of operations) {
      const body = operation.requestBody as { content: Record<string, Json> } | undefined;
      check(`${method} ${path} request`, body?.content["application/json"]);
      for (const [status, answer] of Object.entries(operation.responses))
        check(
          `${method} ${path} ${status}`,
          (answer.content as Record<string, Json> | undefined)?.["application/json"],
        );
    }
    expect(problems).toEqual([]);
  });

  it("marks the legacy quirks as kept for compatibility", () => {
    const compat = (method: string, path: string) =>
      String(document.paths[path]?.[method]?.["x-kept-for-compatibility"] ?? "");
    expect(compat("post", "/api/rack/{rackNumber}")).toContain("receit");
    expect(compat("get", "/api/{department}/product")).toContain("users");
    expect(compat("post", "/api/{department}/create")).toMatch(/capitalised/);
    expect(compat("get", "/api/rack/{rackNumber}/{_id}")).toMatch(/list holding the one item/);
    expect(String(document.paths["/api/rack/{rackNumber}/{_id}"].get.description)).toMatch(
      /^Kept for compatibility:/,
    );
  });
});

/** The /api routes of app/resources.ts: module file and full path (":x" kept), the catch-all left out. */
function apiRoutes() {
  return flattenEntries(resources)
    .filter(({ pattern }) => /^api(\/|$)/.test(pattern) && !pattern.endsWith("*"))
    .map(({ pattern, file }) => ({ file, path: `/${pattern}` }));
}

const shape = (path: string) => path.replace(/:\w+|\{\w+\}/g, "{}");
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

type Handler = Parameters<typeof run>[0];
type RouteModule = { loader?: Handler; action?: Handler };

describe("served /api routes and documented operations", () => {
  it("match both ways: every method a route answers is documented, and every documented one answered", async () => {
    // A real rack item, so the stock card's address names one (its guard answers 404 before the method).
    const created = await run(
      (await import("#app/store-racks/routes/api-store-rack.ts")).action as Handler,
      buildRequest("/api/rack/1", {
        token,
        json: { section: "A", materialName: "Probe", availableStock: 1, issue: 0, receit: 0 },
      }),
      { rackNumber: "1" },
    );
    expect(created.status).toBe(201);
    const itemId = ((await created.json()) as { _id: string })._id;
    const values: Record<string, string> = {
      department: "Electrician",
      rackNumber: "1",
      rackName: "Rack1A",
      format: "AS11",
      type: "rack",
      id: UNKNOWN,
      movementId: UNKNOWN,
    };

    const served: string[] = [];
    for (const route of apiRoutes()) {
      const module = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as RouteModule;
      const params: Record<string, string> = {};
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
        params[name] = route.file.includes("api-movements") && name === "id" ? itemId : values[name];
        return params[name];
      });
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const handler = method === "GET" ? module.loader : module.action;
        if (!handler) continue;
        // Signing out would end the token the rest of this walk uses: a token of its own.
        const auth = route.file.endsWith("api-logout.ts") ? await apiToken(await signedInUser()) : token;
        const withBody = method === "POST" || method === "PUT";
        const answer = await run(
          handler,
          buildRequest(path, { method, token: auth, ...(withBody ? { json: {} } : {}) }),
          params,
        );
        expect(answer.status, `${method} ${path}`).not.toBe(500);
        if (answer.status !== 405) served.push(`${method} ${shape(route.path)}`);
      }
    }
    const documentedOps = operations.map(({ method, path }) => `${method} ${shape(path)}`);
    expect(served.sort()).toEqual(documentedOps.sort());
  });
});

describe("the check every /api answer of the integration tests goes through", () => {
  const request = buildRequest(`/api/Electrician/product/${sampleLine._id}`);
  const answer = (body: unknown, status = 200) => Response.json(body, { status });

  it("passes an answer as documented", async () => {
    await expect(expectDocumentedAnswer(request, answer(sampleLine))).resolves.toBeUndefined();
  });

  it("fails an undocumented field, a missing one, an undocumented status and an unknown address", async () => {
    await expect(expectDocumentedAnswer(request, answer({ ...sampleLine, extra: 1 }))).rejects.toThrow(
      /must NOT have additional properties/,
    );
    const { MinStock: _left, ...missing } = sampleLine;
    await expect(expectDocumentedAnswer(request, answer(missing))).rejects.toThrow(/MinStock/);
    await expect(expectDocumentedAnswer(request, answer({ message: "Teapot" }, 418))).rejects.toThrow(
      /status 418 is not documented/,
    );
    await expect(
      expectDocumentedAnswer(buildRequest("/api/no/such/address"), answer({ message: "x", extra: 1 }, 404)),
    ).rejects.toThrow(/not a documented operation/);
  });
});

describe("GET /api, /api/openapi.json and /api/docs", () => {
  it("GET /api keeps its list and links to the reference page and the document", async () => {
    const answer = await run(apiIndex as Handler, buildRequest("/api", { token }));
    const body = (await answer.json()) as { endpoints: Json[]; docs: string; openapi: string };
    expect(body.docs).toBe("/api/docs");
    expect(body.openapi).toBe("/api/openapi.json");
    expect(body.endpoints).toContainEqual({
      method: "GET",
      path: "/api/{department}/product",
      description: "A department's spare-parts lines, sorted by srno: {success, users}",
    });
    for (const row of body.endpoints)
      expect(Object.keys(row).sort()).toEqual(["description", "method", "path"]);
  });

  it("serves the document to a signed-in client, and 401 to anyone else", async () => {
    const answer = await run(openapiJson as Handler, buildRequest("/api/openapi.json", { token }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(document)));
    const anonymous = await run(openapiJson as Handler, buildRequest("/api/openapi.json"));
    expect(anonymous.status).toBe(401);
  });

  it("serves the reference page: every operation by feature, no script, within the page budget", async () => {
    const answer = await run(docsPage as Handler, buildRequest("/api/docs", { token }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await answer.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("<h2");
    for (const { operation } of operations) expect(html).toContain(`id="${operation.operationId}"`);
    expect(html).toContain("Kept for compatibility:");
    // docs/performance.md: the HTML of a page ≤ 30 KB gzip.
    expect(gzipSync(html).length).toBeLessThanOrEqual(30 * 1024);
    const anonymous = await run(docsPage as Handler, buildRequest("/api/docs"));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Authentication required" });
  });
});
