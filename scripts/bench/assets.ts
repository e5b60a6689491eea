import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// Page weight from the build: the JavaScript and CSS files a page makes the browser fetch for its
// first render, as its server-rendered HTML lists them (Remix's <Scripts/> modulepreloads the entry,
// the route manifest and every route module of the page with their static imports, from the
// build's manifest; <Links/> lists the stylesheets, including those a route links with `?url`,
// which the Vite manifest does not tie to the route). Sizes are gzip (level 6, as served).

export type PageAssets = { js: string[]; css: string[] };

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

export function assetsOfPage(html: string): PageAssets {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase();
    const href = attribute(tag, "href");
    if (!href || !href.startsWith("/")) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const [, href] of body.matchAll(
      /(?:import\s*(?:[\w*{}\s,]+from\s*)?|import\()\s*["'](\/[^"']+\.js)["']/g,
    ))
      js.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*src="\/[^"]*"[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) js.add(src);
  }
  return { js: [...js], css: [...css] };
}

/** Sum of the gzip sizes of the files (URL paths under the build's client folder). */
export function gzipSizeOf(buildDir: string, urls: string[]) {
  let bytes = 0;
  const missing: string[] = [];
  for (const url of urls) {
    const file = path.join(buildDir, "client", decodeURIComponent(url.split("?")[0]));
    if (!fs.existsSync(file)) {
      missing.push(url);
      continue;
    }
    bytes += gzipSync(fs.readFileSync(file), { level: 6 }).length;
  }
  return { bytes, missing };
}

export const gzipLength = (text: string) => gzipSync(Buffer.from(text), { level: 6 }).length;
