import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { loadAmcAlerts } from "#app/contracts/alerts.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { AlertsList } from "#app/shell/alerts-dialog.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /alerts: the Notifications list as a page, where the bell leads without JavaScript.
export const meta = pageTitle("Notifications");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "contracts");
  return { alerts: await loadAmcAlerts(db, new Date(), serverSettings().PLANT_TIME_ZONE) };
}

export default function AlertsPage() {
  const { alerts } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  return (
    <section className="page narrow" aria-labelledby="alerts-title">
      <h1 id="alerts-title">{_("Notifications")}</h1>
      <AlertsList alerts={alerts} />
      <p className="actions">
        <Link to="/amc" className="button">
          {_("Go to the AMC table")}
        </Link>
      </p>
    </section>
  );
}
