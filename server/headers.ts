import type { IncomingHttpHeaders } from "node:http";

/**
 * A Node request's headers as the Fetch API's Headers that Remix and the resource routes read (a
 * repeated header stays repeated). Used by server/app.ts and by `npm run dev`'s resource routes
 * (vite.config.ts); no dependencies, so the Vite config can load it.
 */
export function remixHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  return headers;
}
