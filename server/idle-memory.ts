import type http from "node:http";
import v8 from "node:v8";
import vm from "node:vm";

// Issue 15 (≤ 200 MB at idle, docs/performance.md "Where the idle memory goes"). After a busy spell
// V8 holds the garbage of the last requests until something allocates again: an idle server
// allocates nothing, so no collection comes (V8's own memory reducer did not start in the time
// measured), and the heap stayed at what the load made of it, mostly garbage one collection frees.
// A plain collection keeps the pages that still hold a few live objects; a compacting one moves
// those objects together and gives the emptied pages back (figures: docs/performance.md, "Figures
// behind choices in the code"). Once the server has been idle for a while, collect once; the next
// request re-arms it.

/**
 * One full, compacting collection, reached without starting Node.js with --expose-gc (npm start
 * is plain `node`). Both flags are read by V8 when used, so they can be set at run time.
 */
export function exposedCollector(): (() => void) | undefined {
  try {
    v8.setFlagsFromString("--expose-gc");
    const collect = vm.runInNewContext("gc") as unknown;
    // Only the context made above gets it: later ones (none today) stay as they were.
    v8.setFlagsFromString("--no-expose-gc");
    if (typeof collect !== "function") return undefined;
    return () => {
      v8.setFlagsFromString("--compact-on-every-full-gc");
      try {
        collect();
      } finally {
        v8.setFlagsFromString("--no-compact-on-every-full-gc");
      }
    };
  } catch {
    return undefined;
  }
}

/**
 * Runs `collect` once when the server has answered no request for `idleMs`, and again only after
 * the next request. Returns the function that stops watching.
 */
export function collectWhenIdle(
  server: http.Server,
  idleMs: number,
  collect: (() => void) | undefined = exposedCollector(),
): () => void {
  if (!collect) return () => {};
  let lastRequest = Date.now();
  let collected = true;
  const onRequest = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    collected = false;
    lastRequest = Date.now();
    // Idle counts from the end of the last answer, not its start.
    response.once("close", () => {
      lastRequest = Date.now();
    });
  };
  server.on("request", onRequest);
  const timer = setInterval(
    () => {
      if (collected || Date.now() - lastRequest < idleMs) return;
      collected = true;
      collect();
    },
    Math.max(50, Math.min(5_000, idleMs / 4)),
  ).unref();
  return () => {
    clearInterval(timer);
    server.off("request", onRequest);
  };
}
