import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { HttpError, readForm } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { LineForm, parseLineForm } from "#app/spares/components/line-form.tsx";
import { createLine } from "#app/spares/queries.server.ts";
import {
  DEPARTMENTS,
  type Department,
  departmentListPath,
  duplicateSrnoMessage,
  isDepartment,
  messages,
  unknownDepartmentMessage,
} from "#app/spares/rules.ts";
import sparesCss from "#app/spares/spares.css?url";
import { FormError } from "#app/ui/form.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /insertproduct/{department}: the 'Enter Information' form (the legacy app). /insertproduct alone
// says 'Department is not specified'.

export const meta = pageTitle("Enter Information");
export const links = () => [{ rel: "stylesheet", href: sparesCss }];

/** The department of the address: null when none is given, a 404 when it is not one of ours. */
function departmentOf(params: Record<string, string | undefined>): Department | null {
  if (params.department === undefined) return null;
  if (!isDepartment(params.department)) throw new HttpError(404, unknownDepartmentMessage(params.department));
  return params.department;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "spares", "write");
  return { department: departmentOf(params) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "spares", "write");
  const department = departmentOf(params);
  const submission = parseLineForm(await readForm(request));
  if (!department) return data(submission.reply({ formErrors: [messages.noDepartment] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const result = await createLine(db, department, submission.value, user.id);
    if (!result.ok) {
      const message = duplicateSrnoMessage(submission.value.srno, department);
      return data(submission.reply({ formErrors: [message] }), { status: 409 });
    }
  } catch (error) {
    // The legacy app: an unexpected failure keeps the form and says so; the details go to the log.
    logError(request, error);
    return data(submission.reply({ formErrors: [messages.insertError] }), { status: 500 });
  }
  return redirectWithToast(departmentListPath(department), { type: "success", message: messages.lineAdded });
}

export default function InsertLinePage() {
  const { department } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { _ } = useLingui();
  return (
    <section className="page narrow">
      <h1>{_("Enter Information")}</h1>
      {department ? (
        <>
          <p className="muted">
            {_("New spare-parts line for {department}.", { department: _(department) })}
          </p>
          <LineForm id="insert-product" mode="insert" department={department} lastResult={lastResult} />
        </>
      ) : (
        <>
          <FormError errors={[messages.noDepartment]} />
          <p>{_("Choose the department's table to add a line to:")}</p>
          <ul>
            {DEPARTMENTS.map((name) => (
              <li key={name}>
                <Link to={`/insertproduct/${name}`}>{_(name)}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
