import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe-core's check of WCAG 2.1 A and AA, the one the pages are held to. It runs as a script in the
// page, so only with JavaScript on.
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The page's violations (or one part's, by selector: a whole page costs seconds), each named by its
 * address, rule and first element, so a failing `expect(...).toEqual([])` reads on its own.
 */
export async function axeViolations(page: Page, part?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  const { violations } = await (part ? builder.include(part) : builder).analyze();
  const { pathname, search } = new URL(page.url());
  return violations.map(
    (violation) =>
      `${pathname}${search}: ${violation.id} (${violation.nodes[0]?.target.join(" ") ?? "?"}) ${violation.help}`,
  );
}
