import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { takeToast } from "#app/lib/toast.server.ts";
import appCss from "#app/styles/app.css?url";
import { ErrorPage } from "#app/ui/error-page.tsx";
import { wantsNoScripts } from "#app/ui/list/handle.ts";
import { useNonce } from "#app/ui/nonce.tsx";
import { Toasts } from "#app/ui/toasts.tsx";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "PlantOps" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, setCookie } = await takeToast(request);
  return data({ toast }, setCookie ? { headers: { "set-cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Print views (handle = { scripts: false }) are sent without JavaScript: nothing to load or hydrate.
  const scripts = !useMatches().some((match) => wantsNoScripts(match.handle));
  // Says the page is hydrated (its controls now act in the browser): the e2e tests wait for it
  // before they click, as a person on a slow terminal would see the page settle.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <html lang="en" suppressHydrationWarning>
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
      </head>
      <body>
        {children}
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
