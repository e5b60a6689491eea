import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { createApp, createServer, KEEP_ALIVE_MS } from "../../server/app.ts";
import { collectWhenIdle, exposedCollector } from "../../server/idle-memory.ts";

// The web server's own layer (server/app.ts), in front of Remix: which client address and which
// scheme it hands on to the app. A one-route build answers with what it was given, so the test sees
// exactly the request Remix sees.

const build = {
  mode: "production",
  future: {},
  isSpaMode: false,
  publicPath: "/assets/",
  assetsBuildDirectory: "",
  entry: { module: { default: () => new Response("") } },
  assets: { url: "/manifest.js", version: "1", entry: { module: "/entry.js", imports: [] }, routes: {} },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        loader: ({ request }: { request: Request }) =>
          Response.json({
            client: request.headers.get("x-plantops-client"),
            https: request.headers.get("x-plantops-https"),
          }),
      },
    },
  },
} as unknown as ServerBuild;

const assetsDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-assets-"));
const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(assetsDir, { recursive: true, force: true });
});

async function serve(trustProxy: boolean) {
  const server = http.createServer(createApp({ build, assetsDir, trustProxy }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return async (headers: Record<string, string>) => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
    const seen = (await response.json()) as { client: string | null; https: string | null };
    return { ...seen, hsts: response.headers.get("strict-transport-security") };
  };
}

describe("the server's client address and scheme", () => {
  it("without TRUST_PROXY: the socket's address; a forged private header and X-Forwarded-* are ignored", async () => {
    const ask = await serve(false);
    const seen = await ask({
      "x-plantops-client": "203.0.113.9",
      "x-plantops-https": "1",
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-proto": "https",
    });
    expect(seen).toEqual({ client: "127.0.0.1", https: null, hsts: null });
  });

  it("with TRUST_PROXY: the rightmost X-Forwarded-For entry (the proxy's), never the client's own words", async () => {
    const ask = await serve(true);
    expect((await ask({ "x-forwarded-for": "6.6.6.6, 10.0.0.9" })).client).toBe("10.0.0.9");
    expect((await ask({ "x-plantops-client": "6.6.6.6", "x-forwarded-for": "10.0.0.9" })).client).toBe(
      "10.0.0.9",
    );
    // No header from a proxy: the socket's address.
    expect((await ask({})).client).toBe("127.0.0.1");
  });

  it("with TRUST_PROXY and X-Forwarded-Proto https: Secure cookies (the private header) and HSTS", async () => {
    const ask = await serve(true);
    const seen = await ask({ "x-forwarded-proto": "https", "x-forwarded-for": "10.0.0.9" });
    expect(seen.https).toBe("1");
    expect(seen.hsts).toMatch(/max-age=\d+/);
    expect((await ask({ "x-forwarded-proto": "http" })).hsts).toBeNull();
  });
});

describe("idle keep-alive connections", () => {
  // A client that reuses its idle connection must find it open: a request written just as the
  // server closes it is reset (ECONNRESET in CI, issue 15). Node's default closed it after 5 s.
  it("stay open well past Node's 5 s, so the client, not the server, closes them", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    const server = createServer(createApp({ build, assetsDir, trustProxy: false }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let ended = false;
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString();
    });
    socket.on("end", () => {
      ended = true;
    });
    socket.on("error", () => {});
    const request = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
    const answers = () => received.match(/^HTTP\/1\.1 200/gm)?.length ?? 0;
    const waitFor = async (count: number) => {
      for (let waited = 0; answers() < count && !ended && waited < 5_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    socket.write(request);
    await waitFor(1);
    expect(received).toMatch(/keep-alive: timeout=65/i);
    // Idle for longer than Node's default keep-alive, then the same connection carries a second request.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(ended, "the server closed the idle connection").toBe(false);
    socket.write(request);
    await waitFor(2);
    expect(answers()).toBe(2);
    socket.destroy();
  }, 15_000);
});

describe("the collection once the server is idle", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("runs once after a quiet spell that followed requests, and again only after the next request", async () => {
    const server = createServer(createApp({ build, assetsDir, trustProxy: false }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let collections = 0;
    const stop = collectWhenIdle(server, 2_000, () => {
      collections++;
    });
    try {
      await sleep(2_500);
      expect(collections, "nothing to give back before any request").toBe(0);
      await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
      await sleep(300);
      expect(collections, "not while requests are recent").toBe(0);
      await sleep(2_700);
      expect(collections).toBe(1);
      await sleep(1_000);
      expect(collections, "once per quiet spell").toBe(1);
      await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
      await sleep(2_700);
      expect(collections).toBe(2);
    } finally {
      stop();
    }
  }, 20_000);

  it("reaches V8's collector in a process started without --expose-gc", () => {
    expect(typeof exposedCollector()).toBe("function");
    expect(typeof (globalThis as { gc?: unknown }).gc, "the app's own global stays without gc").toBe(
      "undefined",
    );
  });
});

describe("forms posted through a proxy, and the database away", () => {
  // A build whose root route answers a form post, and whose loader finds the database away when
  // asked to (as entry.server.tsx notes it): the web server's own answers are what is tested.
  let awayNoted = 0;
  const formBuild = {
    ...build,
    entry: {
      module: { default: () => new Response(""), databaseAwaySince: (since: number) => awayNoted >= since },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          loader: ({ request }: { request: Request }) => {
            if (new URL(request.url).searchParams.has("away")) {
              awayNoted = Date.now();
              throw Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), {
                code: "CONNECTION_CLOSED",
              });
            }
            return Response.json({ ok: true });
          },
          action: () => Response.json({ saved: true }),
        },
      },
    },
  } as unknown as ServerBuild;

  async function serveForms(publicUrl?: string) {
    const server = http.createServer(createApp({ build: formBuild, assetsDir, trustProxy: true, publicUrl }));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  /** A form post as nginx with `proxy_set_header Host $host` passes it: the port dropped from Host. */
  const postThroughProxy = (port: number, origin: string) =>
    new Promise<number>((resolve, reject) => {
      const body = "name=Pump";
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/",
          headers: {
            host: "plantops.plant.test",
            origin,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  it("accepts a form from APP_URL's origin whatever Host the proxy passes on, and still refuses other sites", async () => {
    const withAppUrl = await serveForms("http://plantops.plant.test:8080");
    expect(await postThroughProxy(withAppUrl, "http://plantops.plant.test:8080")).toBe(200);
    expect(await postThroughProxy(withAppUrl, "http://plantops.plant.test:8081")).toBe(403);
    expect(await postThroughProxy(withAppUrl, "https://evil.example")).toBe(403);
    // Without APP_URL the Origin must name the Host it came with (the proxy must pass $http_host).
    const without = await serveForms();
    expect(await postThroughProxy(without, "http://plantops.plant.test:8080")).toBe(403);
  });

  it("answers a page whose loader found the database away with a plain 503 to try again, not the error page", async () => {
    const port = await serveForms();
    const fine = await fetch(`http://127.0.0.1:${port}/`);
    expect(fine.status).toBe(200);
    const away = await fetch(`http://127.0.0.1:${port}/?away`);
    expect(away.status).toBe(503);
    expect(Number(away.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await away.text();
    expect(page).toContain("The database is not answering; try again in a minute.");
    expect(page).toContain('<a href="/home">');
  });
});
