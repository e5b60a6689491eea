import { createCookie } from "@remix-run/node";
import Negotiator from "negotiator";
import { isLanguage, languages } from "#app/i18n/catalogues.server.ts";
import { LANGUAGE_COOKIE, SOURCE_LANGUAGE } from "#app/i18n/languages.ts";

// The language a page is shown in, decided on the server for every request:
// - signed in: the person's own choice (/account), else this terminal's last choice on the
//   sign-in page, else the plant's default (/settings);
// - signed out: this terminal's choice (the switch on the sign-in and register pages, a cookie,
//   so it works with JavaScript off), else the browser's Accept-Language, else the plant's default.
// A person's choice is kept with the person, not the terminal: guards share terminals.

const YEAR = 365 * 24 * 60 * 60;

export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: YEAR,
});

/** The terminal's choice from its cookie, when it names a language we have. */
export async function cookieLanguage(request: Request): Promise<string | null> {
  const value: unknown = await languageCookie.parse(request.headers.get("cookie")).catch(() => null);
  return isLanguage(value) ? value : null;
}

/** The browser's preferred language among ours (Accept-Language, "hi-IN,hi;q=0.9,en;q=0.8"). */
export function browserLanguage(request: Request): string | null {
  const header = request.headers.get("accept-language");
  if (!header) return null;
  const codes = languages().map((language) => language.code);
  // Negotiator matches "hi-IN" to "hi"; an unknown list answers undefined.
  return new Negotiator({ headers: { "accept-language": header } }).language(codes) ?? null;
}

export async function requestLanguage(
  request: Request,
  person: { language: string | null } | null,
  plantDefault: string,
): Promise<string> {
  const fallback = isLanguage(plantDefault) ? plantDefault : SOURCE_LANGUAGE;
  if (person) {
    if (isLanguage(person.language)) return person.language;
    return (await cookieLanguage(request)) ?? fallback;
  }
  return (await cookieLanguage(request)) ?? browserLanguage(request) ?? fallback;
}
