/**
 * Runs `work` when the browser is idle (after the page's first render and hydration), or at once
 * where the browser cannot say (no requestIdleCallback): for code a page fetches after it is shown.
 */
export function whenIdle(work: () => void) {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(work);
}
