// When the signed-in shell's loader (user, menus, the bell's count) runs again. Pure, for the test.

/**
 * True when a navigation changes only the list's search (?q=) on the same page, by a link or by
 * the list's search box, which submits as a GET form (`formMethod` "GET", or "get" in Remix v2):
 * nothing the shell loads depends on it, so each typed word does not reload it.
 */
export function onlySearchChanged({
  currentUrl,
  nextUrl,
  formMethod,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
}) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  current.delete("q");
  next.delete("q");
  return current.toString() === next.toString();
}
