// Client-side search of the navbar (the legacy app "Search"): every table cell holding the text
// (case-insensitive) is scrolled into view, and the first match within each is highlighted for
// 10 seconds. Empty or whitespace-only text is ignored. Panels (<details>) holding a match open.

export const HIGHLIGHT_MS = 10_000;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

export function highlightMatches(rawText: string, root: ParentNode = document): number {
  const text = rawText.trim().toLowerCase();
  if (!text) return 0;
  clearHighlights(root);
  const cells = Array.from(root.querySelectorAll<HTMLTableCellElement>("main td")).filter((cell) =>
    (cell.textContent ?? "").toLowerCase().includes(text),
  );
  const ranges: Range[] = [];
  for (const cell of cells) {
    for (let parent = cell.parentElement; parent; parent = parent.parentElement) {
      if (parent instanceof HTMLDetailsElement) parent.open = true;
    }
    cell.dataset.searchHit = "true";
    const range = firstMatchRange(cell, text);
    if (range) ranges.push(range);
  }
  const highlights = (globalThis as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
  const HighlightClass = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (highlights && HighlightClass && ranges.length) highlights.set("search", new HighlightClass(...ranges));
  // Scroll each into view in reverse so the first match ends up on screen.
  for (const cell of [...cells].reverse()) cell.scrollIntoView({ block: "center", behavior: "auto" });
  clearTimer = setTimeout(() => clearHighlights(root), HIGHLIGHT_MS);
  return cells.length;
}

function clearHighlights(root: ParentNode) {
  if (clearTimer) clearTimeout(clearTimer);
  for (const cell of Array.from(root.querySelectorAll<HTMLElement>("[data-search-hit]")))
    delete cell.dataset.searchHit;
  (globalThis as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights?.delete("search");
}

function firstMatchRange(cell: HTMLElement, text: string): Range | null {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node.textContent ?? "").toLowerCase().indexOf(text);
    if (at !== -1) {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      return range;
    }
  }
  return null;
}
