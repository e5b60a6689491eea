import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "#app/i18n/catalogues.server.ts";
import { languageCookie } from "#app/i18n/language.server.ts";
import { assertSameOrigin, readForm } from "#app/lib/http.server.ts";
import { safeRedirect } from "#app/lib/redirects.ts";

// The language switch of the sign-in and register pages: a plain form post (JavaScript off too)
// that keeps the choice in this terminal's cookie and goes back to the page it came from.
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  const back = signedOutPage(form.get("back")) ?? safeRedirect(form.get("back"), "/");
  const language = form.get("language");
  if (!isLanguage(language)) return redirect(back);
  return redirect(back, { headers: { "set-cookie": await languageCookie.serialize(language) } });
}

export const loader = () => redirect("/");

// The switch's own pages, with their query (sign-in's redirectTo): the one redirect check sends
// anything to /login or /register to /home, which is right after signing in, not here.
const SIGNED_OUT_PAGE = /^\/(?:login|register)?(?:\?[\w%=&.+-]*)?$/;
const signedOutPage = (back: FormDataEntryValue | null) =>
  typeof back === "string" && SIGNED_OUT_PAGE.test(back) ? back : null;
