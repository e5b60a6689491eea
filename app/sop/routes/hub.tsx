import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server.ts";
import { formats } from "../formats/index.ts";
import { recordsPath } from "../paths.ts";

// /adminandsecurity: the spec's one button to /AS11, and every format with its blank form and records.
// The list comes from the loader: importing the definitions would ship all ten formats' items.

export const meta: MetaFunction = () => [{ title: "Admin & security formats · PlantOps" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { formats: formats.map(({ code, title, path }) => ({ code, title, path })) };
}

export default function AdminAndSecurityPage() {
  const { formats: inMenuOrder } = useLoaderData<typeof loader>();
  return (
    <section className="page">
      <h1>Admin &amp; security formats</h1>
      <p className="sop-hub-action">
        <Link className="button primary" to="/AS11">
          AS11
        </Link>
      </p>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>Format</th>
              <th>Title</th>
              <th>Blank form</th>
              <th>Saved records</th>
            </tr>
          </thead>
          <tbody>
            {inMenuOrder.map((format) => (
              <tr key={format.code}>
                <td>{format.code}</td>
                <td>{format.title}</td>
                <td>
                  <Link to={format.path} aria-label={`Fill in ${format.code}`}>
                    Fill in
                  </Link>
                </td>
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
