import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { can } from "#app/auth/permissions.ts";
import { requireUser } from "#app/auth/session.server.ts";
import { loadAmcAlerts } from "#app/contracts/alerts.server.ts";
import { db } from "#app/db/client.server.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { plantSettingsFor } from "#app/settings/queries.server.ts";
import { Banner, Footer } from "#app/shell/footer.tsx";
import { sopFormatsMenu } from "#app/shell/menus.ts";
import { Navbar } from "#app/shell/navbar.tsx";
import { onlySearchChanged } from "#app/shell/revalidate.ts";
import { ErrorPage } from "#app/ui/error-page.tsx";
import { SearchProvider } from "#app/ui/search.tsx";

// The layout of every signed-in page: the guard, the navigation bar, the banner and the footer.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = serverSettings().PLANT_TIME_ZONE;
  const now = new Date();
  // The bell shows contracts: a role that may not open them gets no alerts (and no bell).
  const seesContracts = can(user.role, "contracts", "read");
  const [settings, alerts] = await Promise.all([
    plantSettingsFor(request),
    seesContracts ? loadAmcAlerts(db, now, timeZone) : [],
  ]);
  return {
    user: { email: user.email, role: user.role },
    settings,
    // Every page carries the bell's count; its dialog fetches the list when opened (bell.tsx).
    alertCount: alerts.length,
    year: Number(dateInZone(now, timeZone).slice(0, 4)),
    // A role that may not fill in a format (viewer) is sent to its saved records instead.
    sopFormatsMenu: !can(user.role, "sop", "read")
      ? []
      : can(user.role, "sop", "write")
        ? sopFormatsMenu
        : sopFormatsMenu.map((link) => ({ ...link, to: `${link.to}/records` })),
  };
}

export type ShellData = Awaited<ReturnType<typeof loader>>;

// The search box's ?q= changes nothing the shell loads (it submits as a GET form: a check for no
// form method alone let every typed word reload the shell).
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  onlySearchChanged(args) ? false : args.defaultShouldRevalidate;

export default function ShellLayout() {
  return (
    <ShellFrame data={useLoaderData<typeof loader>()}>
      <Outlet />
    </ShellFrame>
  );
}

function ShellFrame({ data, children }: { data: ShellData | undefined; children: ReactNode }) {
  const [params] = useSearchParams();
  const { _ } = useLingui();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {_("Skip to content")}
      </a>
      {data ? (
        <>
          <Navbar
            email={data.user.email}
            role={data.user.role}
            alertCount={data.alertCount}
            plantName={data.settings.plantName}
            sopFormatsMenu={data.sopFormatsMenu}
          />
          <Banner plantName={data.settings.plantName} webAddress={data.settings.webAddress} />
        </>
      ) : null}
      <SearchProvider query={params.get("q") ?? ""}>
        <main className="content" id="main">
          {children}
        </main>
      </SearchProvider>
      {data ? <Footer settings={data.settings} year={data.year} /> : null}
    </div>
  );
}

// A child page's error (404, 403, 409, 500) renders inside the shell when the shell itself loaded.
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("shell");
  return (
    <ShellFrame data={data}>
      <ErrorPage error={useRouteError()} />
    </ShellFrame>
  );
}
