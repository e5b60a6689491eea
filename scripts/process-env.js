// The environment the web server's process starts with: `npm start` sets it in package.json's
// start script (the process reads it once, when it starts, so start.js cannot set it for itself),
// and `npm run bench` and the reliability tests start the app with it too. A service manager that
// runs `node scripts/start.js` directly should set the same (docs/performance.md, memory).

/**
 * glibc's malloc raises its mmap threshold (128 KB at first, up to 32 MB) each time a large block is
 * freed, so after a busy spell the server's large transient blocks (request and query buffers,
 * compression) come from the main heap instead, and that heap is never given back: 100–110 MB of
 * it was free but still resident 40 s after the bench's load (malloc_trim(0) released it all).
 * A fixed threshold keeps blocks of 128 KB and more in their own mappings, returned on free.
 * (issue 15, docs/performance.md "Where the idle memory goes")
 */
export const SERVER_PROCESS_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: "131072" });
