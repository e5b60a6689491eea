import { describe, expect, it } from "vitest";
import { CLIENT_HEADER, clientAddress, HttpError, readJson } from "#app/lib/http.server.ts";

const post = (type: string, body = "{}", headers: Record<string, string> = {}) =>
  new Request("http://plant.test/api/x", {
    method: "POST",
    headers: { "content-type": type, ...headers },
    body,
  });

describe("readJson", () => {
  it("takes the media type before ';' exactly, in any case", async () => {
    await expect(readJson(post("Application/JSON; charset=utf-8", '{"a":1}'))).resolves.toEqual({ a: 1 });
  });

  it.each([
    "text/plain; x=application/json",
    "application/jsonp",
    "text/application/json",
    "",
  ])("refuses %j with 415", async (type) => {
    const refused = await readJson(post(type)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(415);
  });
});

describe("clientAddress", () => {
  it("is the address the web server put in its private header, and unknown without it", () => {
    expect(clientAddress(post("application/json", "{}", { [CLIENT_HEADER]: "192.0.2.7" }))).toBe("192.0.2.7");
    expect(clientAddress(post("application/json", "{}", { "x-forwarded-for": "203.0.113.9" }))).toBe(
      "unknown",
    );
  });
});
