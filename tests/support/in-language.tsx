import type { ReactNode } from "react";
import { languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { LanguageProvider } from "#app/i18n/provider.tsx";

/**
 * A component as a page in `code` shows it, with the compiled messages of `namespaces` (as the
 * root loader sends them): for tests that render components which read their words through Lingui.
 * English by default, "common" always.
 */
export function inLanguage(node: ReactNode, code = "en", namespaces: readonly string[] = []) {
  const { locale } = languageOf(code);
  return (
    <LanguageProvider language={{ code, locale }} messages={pageMessages(code, ["common", ...namespaces])}>
      {node}
    </LanguageProvider>
  );
}
