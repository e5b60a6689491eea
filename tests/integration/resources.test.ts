import { describe, expect, it } from "vitest";
import { flattenEntries } from "#app/lib/route-pattern.ts";
import { serveResource } from "#app/resources.server.ts";
import { resources } from "#app/resources.ts";
import routes from "#app/routes.ts";
import { buildRequest } from "#tests/support/requests.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// The resource routes (app/resources.ts) are answered before Remix by app/resources.server.ts:
// every one reaches its module, no page's address is taken by one, and they answer as Remix
// answered them when they were in its route table.

/** A pattern's address with a made-up value for each parameter. */
const sample = (pattern: string) => `/${pattern.replace(/:[\w-]+/g, "x1").replace(/\*$/, "x1/x2")}`;

describe("resource routes served before Remix", () => {
  it("leaves every page's address to Remix", async () => {
    const pages = flattenEntries(routes).filter(({ pattern }) => !pattern.includes("*"));
    expect(pages.length).toBeGreaterThan(40);
    for (const { pattern } of pages)
      expect(await serveResource(buildRequest(sample(pattern))), pattern).toBeNull();
  });

  it("answers every resource address itself (without sign-in: 401, a redirect or the public answer)", async () => {
    for (const { pattern } of flattenEntries(resources)) {
      const response = await serveResource(buildRequest(sample(pattern)));
      expect(response, pattern).not.toBeNull();
      expect(response?.status, pattern).toBeLessThan(500);
    }
  });

  it("sends GET to the loader and POST to the action; a method the module does not take is 405", async () => {
    const user = await signedInUser();
    const list = await serveResource(
      buildRequest("/api/Electrician/product", { token: await apiToken(user) }),
    );
    expect(list?.status).toBe(200);
    expect(await list?.json()).toMatchObject({ success: true, users: expect.any(Array) });

    const posted = await serveResource(buildRequest("/amc/export", { method: "POST", cookie: user.cookie }));
    expect(posted?.status).toBe(405);
    expect(posted?.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers a thrown redirect as the answer (sign-out of a visitor without a session)", async () => {
    const response = await serveResource(buildRequest("/logout", { method: "POST" }));
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/");
  });

  it("reads the address as Remix did: any case, a trailing slash, an unknown /api path as JSON 404", async () => {
    const health = await serveResource(buildRequest("/API/Health/"));
    expect(health?.status).toBe(200);
    const token = await apiToken(await signedInUser());
    const unknown = await serveResource(buildRequest("/api/no/such/endpoint", { token }));
    expect(unknown?.status).toBe(404);
    expect(await unknown?.json()).toEqual({ message: "No such endpoint. GET /api lists them." });
  });
});
