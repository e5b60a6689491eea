import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddedPostgres,
  ensureDatabase,
  freePort,
  startEmbeddedPostgres,
} from "../../scripts/embedded-postgres.ts";

// Deploying as the README says (issue 32): `npm run build` builds everything `npm start` runs, so
// the first start after it does not build again; a start that finds another one building waits
// for that build instead of building into the same folder; HOST binds the app to one address; and
// nginx configured with the README's own snippet passes forms on, whatever port it listens on.

const BUILD_DIR = "build-deploy-test";
const buildDir = path.resolve(BUILD_DIR);
let clusterDir: string;
let cluster: EmbeddedPostgres;
let databaseUrl: string;
const children: ChildProcess[] = [];

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>): Started {
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: undefined,
      BUILD_DIR,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "s".repeat(40),
      REGISTRATION_CODE: "DEPLOY-TEST-2026",
      DATA_DIR: path.join(clusterDir, "app"),
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(what: string, check: () => boolean, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** nginx from Debian's packages (.ci/run installs it); without it, the proxy test says it is skipped. */
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));

/** The README's nginx snippet, exactly as a plant's IT person would paste it. */
function readmeNginxSnippet() {
  const readme = fs.readFileSync("README.md", "utf8");
  const snippet = /```\n(upstream plantops \{[\s\S]*?)```/.exec(readme)?.[1];
  if (!snippet) throw new Error("the README's nginx snippet (upstream plantops { … }) was not found");
  return snippet;
}

async function stop(started: Started) {
  started.child.kill("SIGTERM");
  expect(await started.exited).toBe(0);
}

beforeAll(async () => {
  clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-deploy-"));
  fs.chmodSync(clusterDir, 0o755);
  cluster = await startEmbeddedPostgres({ dataDir: clusterDir, serverSettings: { fsync: "off" } });
  await ensureDatabase(cluster.url("postgres"), "plant_deploy");
  databaseUrl = cluster.url("plant_deploy");
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await cluster?.stop();
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
  fs.rmSync(`${buildDir}.lock`, { force: true });
});

describe("deploying", () => {
  it("npm run build builds the pages and the launcher: the first start after it does not build", async () => {
    fs.rmSync(buildDir, { recursive: true, force: true });
    // Not spawnSync: the test's worker must keep answering vitest during the minute of the build.
    const build = spawn("npm", ["run", "--silent", "build"], { env: { ...process.env, BUILD_DIR } });
    let printed = "";
    build.stdout.on("data", (chunk: Buffer) => {
      printed += chunk;
    });
    build.stderr.on("data", (chunk: Buffer) => {
      printed += chunk;
    });
    const status = await new Promise((resolve) => build.once("exit", resolve));
    expect(status, printed).toBe(0);
    expect(printed).toContain("Built the server");
    expect(fs.existsSync(path.join(buildDir, "server/index.js"))).toBe(true);
    expect(fs.existsSync(path.join(buildDir, "launcher/start.js"))).toBe(true);
    expect(fs.existsSync(`${buildDir}.lock`), "the lock is given back").toBe(false);

    const app = start({ PORT: String(await freePort()) });
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).not.toMatch(/building/i);
    await stop(app);
  }, 300_000);

  it("a start that finds another one building waits for that build, then uses it without building", async () => {
    // Another start is building (a live process holds the lock) and its build is not complete yet.
    const launcher = path.join(buildDir, "launcher/start.js");
    const kept = fs.readFileSync(launcher);
    fs.rmSync(launcher);
    const holder = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(holder);
    fs.writeFileSync(`${buildDir}.lock`, String(holder.pid));

    const app = start({ PORT: String(await freePort()) });
    await until("the start to wait", () =>
      app.output().includes(`Another start (pid ${holder.pid}) is building`),
    );
    // The other start's build completes, and it gives the lock back.
    fs.writeFileSync(launcher, kept);
    fs.rmSync(`${buildDir}.lock`);
    holder.kill("SIGKILL");
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).not.toMatch(/No build yet|older than the code|Building/);
    await stop(app);
  }, 120_000);

  it("HOST binds the app to one address: another address of the machine is refused", async () => {
    const port = await freePort();
    // Every 127.x.y.z address reaches this machine's loopback: bound to 127.0.0.2, 127.0.0.1 finds no one.
    const app = start({ PORT: String(port), HOST: "127.0.0.2" });
    await until("the start", () => app.output().includes("PlantOps is running"));
    expect(app.output()).toContain(`URL:       http://127.0.0.2:${port}`);
    expect((await fetch(`http://127.0.0.2:${port}/api/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    await stop(app);

    const wrong = start({ PORT: String(port), HOST: "192.0.2.1" });
    expect(await wrong.exited).toBe(1);
    expect(wrong.output()).toContain("HOST 192.0.2.1 is not an address of this machine");
  }, 120_000);

  it.skipIf(!NGINX)(
    "behind nginx configured with the README's snippet on a port other than 80/443: both instances answer in turn, and forms are accepted (with $host they were refused)",
    async () => {
      const [first, second, proxied, withHost] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const apps = [first, second].map((port, index) =>
        start({
          PORT: String(port),
          HOST: "127.0.0.1",
          TRUST_PROXY: "1",
          DATA_DIR: path.join(clusterDir, `behind-nginx-${index}`),
        }),
      );
      for (const app of apps) await until("the start", () => app.output().includes("PlantOps is running"));

      // The snippet with this test's ports and no certificate (plain HTTP on a high port); a second
      // server block is the old snippet's `Host $host`, to show the difference is the header.
      const snippet = readmeNginxSnippet();
      const ours = snippet
        .replace("127.0.0.1:3001", `127.0.0.1:${first}`)
        .replace("127.0.0.1:3002", `127.0.0.1:${second}`)
        .replace("listen 443 ssl;", `listen 127.0.0.1:${proxied};`);
      expect(ours).toContain(`listen 127.0.0.1:${proxied};`);
      expect(ours).toContain(`server 127.0.0.1:${second};`);
      expect(ours).toContain("proxy_set_header Host $http_host;");
      const server = ours.slice(ours.indexOf("server {"));
      const old = server
        .replace(`listen 127.0.0.1:${proxied};`, `listen 127.0.0.1:${withHost};`)
        .replace("Host $http_host", "Host $host");
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-nginx-"));
      fs.chmodSync(dir, 0o777);
      const conf = path.join(dir, "nginx.conf");
      fs.writeFileSync(
        conf,
        [
          "daemon off;",
          "master_process off;",
          `pid ${dir}/nginx.pid;`,
          `error_log ${dir}/error.log;`,
          "events {}",
          "http {",
          "access_log off;",
          ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
            (kind) => `${kind}_temp_path ${dir}/${kind};`,
          ),
          ours,
          old,
          "}",
        ].join("\n"),
      );
      const nginx = spawn(NGINX as string, ["-c", conf, "-p", dir], { stdio: ["ignore", "pipe", "pipe"] });
      children.push(nginx);
      let nginxSaid = "";
      nginx.stderr.on("data", (chunk: Buffer) => {
        nginxSaid += chunk;
      });
      const through = (port: number, pathname: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${pathname}`, { redirect: "manual", ...init });
      try {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const answer = await through(proxied, "/api/health").catch(() => undefined);
          if (answer?.status === 200) break;
          if (Date.now() > deadline || nginx.exitCode !== null)
            throw new Error(
              `nginx did not answer:\n${nginxSaid}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : ""}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 100));
        }

        // Round-robin: both instances answer through the one address.
        const instances = new Set<string>();
        for (let i = 0; i < 4; i++) {
          const health = (await (await through(proxied, "/api/health")).json()) as { instance: string };
          instances.add(health.instance.split(":").at(-1) as string);
        }
        expect(instances).toEqual(new Set([String(first), String(second)]));

        // A sign-in posted from the page the browser got through the proxy: its Origin keeps the port.
        const signIn = (port: number) =>
          through(port, "/login", {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: `http://127.0.0.1:${port}`,
            },
            body: new URLSearchParams({
              email: "nobody@plant.test",
              password: "not the password",
            }).toString(),
          });
        const accepted = await signIn(proxied);
        const page = await accepted.text();
        expect(accepted.status, page).not.toBe(403);
        expect(accepted.status).toBeLessThan(500);
        expect(page).toContain("nobody@plant.test");
        expect(page).not.toContain("sent from another site");

        const refused = await signIn(withHost);
        expect(refused.status).toBe(403);
        expect(await refused.text()).toContain("This form was sent from another site and was refused.");
      } finally {
        nginx.kill("SIGTERM");
        await new Promise((resolve) =>
          nginx.exitCode === null ? nginx.once("exit", resolve) : resolve(null),
        );
        for (const app of apps) await stop(app);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
