import path from "node:path";
import { Readable } from "node:stream";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { remixConfig } from "./remix.config.ts";
import { remixHeaders } from "./server/headers.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [resourceRoutesInDev(), importPreviewWorker(), remix(remixConfig)],
  server: { port: 3000 },
  build: { target: "es2020", rollupOptions: { onwarn: buildWarning } },
});

/**
 * The import's preview worker (app/imports/preview-worker.server.ts) in the server's build: bundled
 * from app/imports/preview.worker.ts into a file of its own beside the server's
 * (build/server/import-preview-worker.js), and its address put where the module names the
 * TypeScript file (Rollup writes it relative to whichever chunk the module ends up in).
 */
function importPreviewWorker(): Plugin {
  const spawner = path.resolve(import.meta.dirname, "app/imports/preview-worker.server.ts");
  const worker = path.resolve(import.meta.dirname, "app/imports/preview.worker.ts");
  let reference = "";
  return {
    name: "plantops-import-preview-worker",
    apply: (_config, env) => env.command === "build" && env.isSsrBuild === true,
    buildStart() {
      reference = this.emitFile({ type: "chunk", id: worker, fileName: "import-preview-worker.js" });
    },
    transform(code, id) {
      if (id !== spawner) return null;
      const source = 'new URL("./preview.worker.ts", import.meta.url)';
      if (!code.includes(source)) this.error(`${id} no longer names its worker as ${source}`);
      return code.replace(source, `new URL(import.meta.ROLLUP_FILE_URL_${reference})`);
    },
  };
}

/**
 * Rollup's warnings reach the console (a first `npm start` prints only our own progress lines), but
 * for one kind whose cause is upstream and cannot be removed from here, matched narrowly:
 * INVALID_ANNOTATION for two prose comments in zod's own sources (zod/v4/core util.js and
 * regexes.js, since zod 4.5) that mention `@__PURE__` in backquotes: Rollup reads them as
 * misplaced annotations (colinhacks/zod#6619, open). Rollup drops the comments, which changes
 * nothing in the output. zod 4.3 has no such comments, but going back would give up the
 * tree-shaking work those comments describe (not measured here). A real misplaced annotation
 * (not in backquotes) in zod, or any in another package, still shows.
 * (Remix's empty browser chunk per resource route, EMPTY_BUNDLE, is gone at its cause: resource
 * routes are not in Remix's route table, app/resources.ts.)
 */
function buildWarning(warning: Rollup.RollupLog, warn: (warning: Rollup.RollupLog) => void) {
  if (
    warning.code === "INVALID_ANNOTATION" &&
    /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "") &&
    /`@__PURE__`/.test(warning.message)
  )
    return;
  warn(warning);
}

/**
 * `npm run dev` (Remix's Vite dev server): the resource routes of app/resources.ts answered before
 * Remix, as server/app.ts answers them in `npm start`, from the same module (reloaded on change).
 */
function resourceRoutesInDev(): Plugin {
  return {
    name: "plantops-resource-routes",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        try {
          const { serveResource } = (await server.ssrLoadModule("/app/resources.server.ts")) as {
            serveResource: (request: Request) => Promise<Response | null>;
          };
          const read = req.method === "GET" || req.method === "HEAD";
          const response = await serveResource(
            new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
              method: req.method,
              headers: remixHeaders(req.headers),
              ...(read ? {} : { body: Readable.toWeb(req) as ReadableStream, duplex: "half" }),
            }),
          );
          if (!response) return next();
          res.statusCode = response.status;
          for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
          const cookies = response.headers.getSetCookie();
          if (cookies.length) res.setHeader("set-cookie", cookies);
          res.end(Buffer.from(await response.arrayBuffer()));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
