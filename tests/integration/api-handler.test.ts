import { describe, expect, it, vi } from "vitest";
import { apiHandler } from "#app/lib/api-handler.server.ts";
import { HttpError, readForm, readJson, searchParamsOf } from "#app/lib/http.server.ts";
import { args, buildRequest } from "#tests/support/requests.ts";

describe("/api fault handling", () => {
  it("answers an unexpected fault with 500 and no internals, logging the details with the request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = apiHandler(async () => {
      throw new Error("connection to 10.0.0.5 refused: password authentication failed");
    });
    const response = await handler(args(buildRequest("/api/x", { headers: { "x-request-id": "req-42" } })));
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ message: "Something went wrong" });
    expect(body).not.toContain("10.0.0.5");
    expect(response.headers.get("x-request-id")).toBe("req-42");
    expect(log.mock.calls[0][0]).toMatch(
      /\[req req-42\] GET \/api\/x failed: Error: connection to 10\.0\.0\.5/,
    );
    log.mockRestore();
  });

  it("answers the database away (a PostgreSQL restart) with 503, a Retry-After and one log line without a stack", async () => {
    const log = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handler = apiHandler(async () => {
      throw new Error("Failed query: insert into stock_movements …", {
        cause: Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), {
          code: "CONNECTION_CLOSED",
        }),
      });
    });
    const response = await handler(
      args(buildRequest("/api/x", { method: "POST", headers: { "x-request-id": "req-43" } })),
    );
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      message: "The database is not answering; try again in a minute.",
    });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0][0]);
    expect(line).toMatch(
      /^\d{4}-\d\d-\d\dT\S+Z \S+:\d+ \[req req-43\] POST \/api\/x: the database is not answering \(CONNECTION_CLOSED/,
    );
    expect(line).not.toContain("\n");
    log.mockRestore();
  });

  it("turns an HttpError into its JSON answer and passes a thrown Response through", async () => {
    const tooBig = await apiHandler(async () => {
      throw new HttpError(413, "The request is too large (the limit is 1 MB).");
    })(args(buildRequest("/api/x")));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ message: "The request is too large (the limit is 1 MB)." });
    const thrown = await apiHandler(async () => {
      throw Response.json({ message: "nope" }, { status: 404 });
    })(args(buildRequest("/api/x")));
    expect(thrown.status).toBe(404);
    // The request's id (app/lib/request-id.server.ts) goes on every answer, a passed-through one too.
    expect(thrown.headers.get("x-request-id")).toMatch(/^[\w-]{1,64}$/);
  });
});

describe("the one thrown answer", () => {
  it("answers an HttpError as its message in plain text on a page, as JSON with its fields on /api", async () => {
    const error = new HttpError(400, "Choose a format.", { success: false });
    expect(error).toBeInstanceOf(Response);
    expect(error.status).toBe(400);
    expect(await error.text()).toBe("Choose a format.");
    const answer = await apiHandler(async () => {
      throw new HttpError(400, "Choose a format.", { success: false });
    })(args(buildRequest("/api/x")));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, message: "Choose a format." });
  });
});

describe("body readers", () => {
  it("drop NUL characters, which PostgreSQL text cannot hold, from forms and JSON", async () => {
    const form = await readForm(buildRequest("/x", { form: { name: "Gate\u0000 pass" } }));
    expect(form.get("name")).toBe("Gate pass");
    const json = (await readJson(
      buildRequest("/x", { json: { a: ["x\u0000y"], b: { c: "\u0000" } } }),
    )) as unknown;
    expect(json).toEqual({ a: ["xy"], b: { c: "" } });
    const surrogates = await readJson(
      buildRequest("/x", {
        body: '{"s":"a\\ud800b","ok":"\\ud83d\\ude00"}',
        headers: { "content-type": "application/json" },
      }),
    );
    expect(surrogates).toEqual({ s: "a\uFFFDb", ok: "😀" });
  });

  it("clean an address's search parameters the same way", () => {
    const params = searchParamsOf(buildRequest("/as15/records?text=a%00b&text=%E2%9C%93&page=2"));
    expect(params.getAll("text")).toEqual(["ab", "✓"]);
    expect(params.get("page")).toBe("2");
  });
});
