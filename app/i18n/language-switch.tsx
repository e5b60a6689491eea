import { useLingui } from "@lingui/react";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { Language } from "#app/i18n/languages.ts";

/** The languages PlantOps speaks (the root's data), each named in itself. */
export function useLanguages() {
  const root = useRouteLoaderData("root") as { languages?: Pick<Language, "code" | "name">[] } | undefined;
  return root?.languages ?? [];
}

/**
 * The sign-in and register pages' switch: a plain form (a full page load, JavaScript off too) to
 * /language, which keeps the choice for this terminal and comes back here.
 */
export function LanguageSwitch() {
  const { _, i18n } = useLingui();
  const location = useLocation();
  const others = useLanguages().filter((language) => language.code !== i18n.locale);
  if (!others.length) return null;
  return (
    <form method="post" action="/language" className="language-switch">
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <span className="muted">{_("Language")}: </span>
      {others.map((language) => (
        <button
          key={language.code}
          type="submit"
          name="language"
          value={language.code}
          lang={language.code}
          className="link-button"
        >
          {language.name}
        </button>
      ))}
    </form>
  );
}
