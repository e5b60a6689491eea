import type { ReactNode } from "react";

// What people typed is never translated (issue 37). Inside a sentence of the page's words it is
// marked translate="no": browsers' own translators leave it, and so does the pseudo-language
// check. A sentence is translated whole, with SLOT where the typed value goes (`around`).

/** Stands in a translated sentence for the value the page puts there itself (`around`). */
export const SLOT = "\u0000";

/** Text people typed, inside the page's own words. */
export const Typed = ({ children }: { children: ReactNode }) => <span translate="no">{children}</span>;

/** A translated sentence whose one `SLOT` placeholder is `value`. */
export function around(words: string, value: ReactNode): ReactNode {
  const [before, after = ""] = words.split(SLOT);
  return (
    <>
      {before}
      {value}
      {after}
    </>
  );
}
