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
  return (
    <section className="page">
      <h1>Admin &amp; security formats</h1>
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
              <th>Format</th>
              <th>Title</th>
              {mayFillIn ? <th>Blank form</th> : null}
              <th>Saved records</th>
            </tr>
          </thead>
          <tbody>
            {inMenuOrder.map((format) => (
              <tr key={format.code}>
                <td>{format.code}</td>
                <td>{format.title}</td>
                {mayFillIn ? (
                  <td>
                    <Link to={format.path} aria-label={`Fill in ${format.code}`}>
                      Fill in
                    </Link>
                  </td>
                ) : null}
                <td>
                  <Link to={recordsPath(format)} aria-label={`${format.code} records`}>
                    Records
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
