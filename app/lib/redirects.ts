// Where a request may send the browser next: pure, shared by the pages' loaders and actions.

// Any C0/C1 control character (tab, CR, LF, NUL …) or a backslash: browsers drop tabs and line
// breaks and read "\\" as "/", so "/\t/evil.example" or "/\\evil.example" become "//evil.example".
const UNSAFE_IN_TARGET = /[\p{Cc}\\]/u;
const PLACEHOLDER_ORIGIN = "http://plantops.invalid";

/**
 * The one check for every address a request asks to be sent back to (sign-in's `redirectTo`, the
 * movement forms' `back`): only a path of this site, never an open redirect to another.
 * The target is refused when it, or its percent-decoded form, holds a control character or a
 * backslash; otherwise it is resolved as the browser would and must keep our origin. The answer
 * is the resolved path (ASCII, percent-encoded), so what we checked is what the browser reads.
 */
export function safeRedirect<Fallback extends string | null = string>(
  target: unknown,
  fallback: Fallback = "/home" as Fallback,
): string | Fallback {
  if (typeof target !== "string" || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let text = target;
  for (let depth = 0; depth < 4; depth++) {
    if (UNSAFE_IN_TARGET.test(text)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return fallback;
    }
    if (decoded === text) break;
    if (decoded.startsWith("//")) return fallback;
    text = decoded;
  }
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  const path = url.pathname;
  if (path === "/" || path.startsWith("//") || /^\/(login|register)(\/|$)/i.test(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}
