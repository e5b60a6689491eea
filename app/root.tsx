import devanagariRegular from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import devanagariBold from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url";
import type { Messages } from "@lingui/core";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { getUser } from "#app/auth/session.server.ts";
import { languageOf, languages, pageMessages } from "#app/i18n/catalogues.server.ts";
import { requestLanguage } from "#app/i18n/language.server.ts";
import { LanguageProvider } from "#app/i18n/provider.tsx";
import { takeToast } from "#app/lib/toast.server.ts";
import { pageNamespaces } from "#app/page-namespaces.server.ts";
import { plantSettingsFor } from "#app/settings/queries.server.ts";
import { onlySearchChanged } from "#app/shell/revalidate.ts";
import appCss from "#app/styles/app.css?url";
import { ErrorPage } from "#app/ui/error-page.tsx";
import { wantsNoScripts } from "#app/ui/list/handle.ts";
import { useNonce } from "#app/ui/nonce.tsx";
import { Toasts } from "#app/ui/toasts.tsx";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  // A PNG (public/favicon.svg drawn at 64 px): Chromium fetches the icon again after every
  // same-document navigation, and an SVG is parsed as a document on the page's main thread, in the
  // way of a search's results on a slow terminal (docs/performance.md, "The favicon").
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "64x64" },
];

/** Preloaded on Devanagari pages: laid out once, in the font (app/i18n/devanagari.css). */
const DEVANAGARI_FILES = [devanagariRegular, devanagariBold];

export const meta: MetaFunction = () => [{ title: "PlantOps" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, setCookie }, person, settings] = await Promise.all([
    takeToast(request),
    getUser(request),
    plantSettingsFor(request),
  ]);
  const { code, locale, script } = languageOf(await requestLanguage(request, person, settings.language));
  // The words of this page's namespaces only, in this person's language (app/i18n).
  const messages = pageMessages(code, pageNamespaces(pagePath(new URL(request.url).pathname)));
  return data(
    {
      toast,
      language: { code, locale, script },
      messages,
      // For the language switch and the choices on /account and /settings.
      languages: languages().map((language) => ({ code: language.code, name: language.name })),
    },
    setCookie ? { headers: { "set-cookie": setCookie } } : undefined,
  );
}

// A link to another page may need other namespaces: the root's data comes again with the page's.
// A list's search typed into its box (only ?q= changes, a GET) changes none of it: reloading it
// read the session, the settings and the page's messages again for every typed word and sent the
// messages with each answer, a quarter of it (docs/performance.md, "Search and the shell").
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlySearchChanged(args)
    ? false
    : args.defaultShouldRevalidate || args.currentUrl.pathname !== args.nextUrl.pathname;

// The page a data request (single fetch: "/products/Electrician.data", "/_root.data") is for.
const pagePath = (pathname: string) => pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");

const ENGLISH = { code: "en", locale: "en-IN", script: undefined } as const;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Absent when the root loader itself failed (its error page): the page is then in English.
  const { language, messages } = useRouteLoaderData<typeof loader>("root") ?? {
    language: ENGLISH,
    messages: {},
  };
  // Print views (handle = { scripts: false }) are sent without JavaScript: nothing to load or hydrate.
  const scripts = !useMatches().some((match) => wantsNoScripts(match.handle));
  // Says the page is hydrated (its controls now act in the browser): the e2e tests wait for it
  // before they click, as a person on a slow terminal would see the page settle.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <html lang={language.code} suppressHydrationWarning>
      <head>
        {/* Marks the page as scripted before first paint, so no-JavaScript fallbacks hide at once. */}
        {scripts ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // A constant string: nothing user-supplied reaches this script.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: constant inline script
            dangerouslySetInnerHTML={{ __html: "document.documentElement.dataset.js='1'" }}
          />
        ) : null}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {language.script === "devanagari"
          ? DEVANAGARI_FILES.map((href) => (
              <link
                key={href}
                rel="preload"
                href={href}
                as="font"
                type="font/woff2"
                crossOrigin="anonymous"
              />
            ))
          : null}
      </head>
      <body>
        {/* The loader's JSON type loses the compiled messages' tuple shape; the value is the same. */}
        <LanguageProvider language={language} messages={messages as Messages}>
          {children}
        </LanguageProvider>
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Toasts toast={toast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main className="content" id="main">
      <ErrorPage error={useRouteError()} />
    </main>
  );
}
