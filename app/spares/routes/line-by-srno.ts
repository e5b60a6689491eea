import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { getLineBySrno } from "#app/spares/queries.server.ts";
import { isDepartment, messages } from "#app/spares/rules.ts";

// /products/{department}/{srno}/edit: the table's Update link, by serial number (unique within a
// department), so the table page need not carry every line's id twice (the page-weight budget of
// docs/performance.md). It sends the user on to the spec's /updateproduct/{department}/{id}.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares", "write");
  const { department } = params;
  const srno = /^\d{1,10}$/.test(params.srno ?? "") ? Number(params.srno) : Number.NaN;
  const line = isDepartment(department) ? await getLineBySrno(db, department, srno) : null;
  if (!isDepartment(department) || !line) throw new HttpError(404, messages.invalidIds);
  return redirect(`/updateproduct/${department}/${line._id}`);
}

/** Never shown: the loader always redirects or answers 404 (rendered by the shell's error page). */
export default function LineBySrno() {
  return null;
}
