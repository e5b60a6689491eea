import type { Locator } from "@playwright/test";

// The pseudo-language check (issue 37): a page shown in the pseudo-language (PLANTOPS_PSEUDO_LANGUAGE=1,
// app/i18n/catalogues.server.ts) has every catalogued word as ⟦English⟧, so a word left bare is one
// no catalogue holds, or one from a namespace the page is not sent. What people typed is marked
// translate="no" (the HTML attribute browsers' own translators honour too) and is not the check's.

/** Texts that read the same in every language: figures, dates, times, e-mails, addresses. */
const LANGUAGE_FREE = [
  /^[\d\s.,:;/%()+×–—-]+$/,
  /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/,
  /^\/[\w/?=&%.-]*$/,
  /^[\s:*.,·|()?!/–—-]+$/,
  /^[\d.,]+\s?(?:B|KB|MB|GB)$/,
];

/**
 * The texts in `scope` (text nodes, and the names screen readers read: aria-label, title,
 * placeholder, alt) that are not the catalogues' own, other than those `allowed`.
 */
export async function untranslated(scope: Locator, allowed: RegExp[] = []): Promise<string[]> {
  const texts = await scope.evaluate((root) => {
    const found: { text: string; where: string }[] = [];
    const typed = (node: Node) =>
      (node instanceof Element ? node : node.parentElement)?.closest('[translate="no"]') !== null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || typed(node) || parent.closest("script, style, template")) continue;
      const text = node.textContent?.trim();
      if (text) found.push({ text, where: "" });
    }
    for (const element of root.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (typed(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push({ text, where: ` (${name})` });
      }
    }
    return found;
  });
  const left = texts
    // A text with catalogued words in it is a message: what is left outside its ⟦…⟧ are the values
    // filled into its placeholders (a gate pass's number, an item typed on a register), not words.
    .filter(({ text }) => !/⟦[^⟧]*⟧/.test(text))
    // A catalogued word broken by an element inside it ("Components/<wbr>Equipments") opens in one
    // text and closes in the next.
    .map(({ text, where }) => ({
      text: text
        .replace(/⟦[^⟧]*⟧/g, "")
        .replace(/⟦[^⟧]*$/, "")
        .replace(/^[^⟦]*⟧/, "")
        .trim(),
      where,
    }))
    .filter(({ text }) => text && !LANGUAGE_FREE.some((pattern) => pattern.test(text)))
    .filter(({ text }) => !allowed.some((pattern) => pattern.test(text)))
    .map(({ text, where }) => `${text}${where}`);
  return [...new Set(left)];
}
