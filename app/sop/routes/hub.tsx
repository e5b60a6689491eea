import { useLingui } from "@lingui/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { formats } from "#app/sop/formats/index.ts";
import { recordsPath } from "#app/sop/paths.ts";
import { pageTitle } from "#app/ui/page-head.ts";

// /adminandsecurity: the spec's one button to /AS11, and every format with its blank form and records.
// The list comes from the loader: importing the definitions would ship all ten formats' items.

export const meta = pageTitle("Admin & security formats");

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "sop");
  return { formats: formats.map(({ code, title, path }) => ({ code, title, path })) };
}

export default function AdminAndSecurityPage() {
  const { formats: inMenuOrder } = useLoaderData<typeof loader>();
  const mayFillIn = useCan()("sop");
  const { _ } = useLingui();
  return (
    <section className="page">
      <h1>{_("Admin & security formats")}</h1>
      {mayFillIn ? (
        <p className="sop-hub-action">
          <Link className="button primary" to="/AS11">
            AS11
          </Link>
        </p>
      ) : null}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{_("Format")}</th>
              <th>{_("Title")}</th>
              {mayFillIn ? <th>{_("Blank form")}</th> : null}
              <th>{_("Saved records")}</th>
            </tr>
          </thead>
          <tbody>
            {inMenuOrder.map((format) => (
              <tr key={format.code}>
                <td>{format.code}</td>
                <td>{_(format.title)}</td>
                {mayFillIn ? (
                  <td>
                    <Link to={format.path} aria-label={_("Fill in {code}", { code: format.code })}>
                      {_("Fill in")}
                    </Link>
                  </td>
                ) : null}
                <td>
                  <Link to={recordsPath(format)} aria-label={_("{code} records", { code: format.code })}>
                    {_("Records")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
