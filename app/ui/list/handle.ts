// Route handles of list pages (docs/architecture.md "Lists"), read by the shell.

/** A list page: it has its own search box, so the navbar leaves its own out (README difference 18). */
export const listHandle = { list: true } as const;

/** A print view: root.tsx sends it without JavaScript. */
export const printHandle = { scripts: false } as const;

/** True when a route's handle asks for a page without JavaScript. */
export function wantsNoScripts(handle: unknown): boolean {
  return (handle as { scripts?: unknown } | undefined)?.scripts === false;
}

/** True when a route's handle says the page is a searchable list. */
export function isListPage(handle: unknown): boolean {
  return (handle as { list?: unknown } | undefined)?.list === true;
}
