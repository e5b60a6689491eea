// The languages PlantOps speaks, as the browser and the server both need them: the page's `lang`,
// the switch on the sign-in page, the choice on /account and /settings. The list itself comes from
// the catalogues (app/i18n/locales/*.json, one file a language), read on the server.

/** The language the code is written in: its strings are the catalogues' keys. */
export const SOURCE_LANGUAGE = "en";

export type Language = {
  /** Catalogue file name and the page's `lang` (ISO 639-1). */
  code: string;
  /** The language's name in itself, as the switch shows it ("हिन्दी"). */
  name: string;
  /** For numbers and dates (Intl): "en-IN", "hi-IN". */
  locale: string;
  /** A script that needs its own font on the plant's terminals ("devanagari"), if any. */
  script?: string;
};

/** The cookie that holds a choice made before signing in (the sign-in and register pages' switch). */
export const LANGUAGE_COOKIE = "plantops_lang";
