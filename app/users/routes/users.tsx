import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ShownOnce } from "#app/auth/components.tsx";
import { withListSize } from "#app/auth/list-size.server.ts";
import { ROLE_LABELS, ROLES } from "#app/auth/roles.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { readForm } from "#app/lib/http.server.ts";
import { readListParams } from "#app/lib/list-params.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { useCheckedForm } from "#app/ui/form/checked-form.ts";
import { parseSubmission } from "#app/ui/form/parse.ts";
import { Field, FormError, SubmitButton } from "#app/ui/form.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, listViewOf, SortHeader } from "#app/ui/list/list-view.tsx";
import { Marked } from "#app/ui/list/marked.tsx";
import { EmptyRow, ListError, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { pageTitle } from "#app/ui/page-head.ts";
import { type UserSort, userListDefaults, userListOptions } from "#app/users/list.ts";
import { addUser, listUsers } from "#app/users/queries.server.ts";
import { type UserField, userRecord } from "#app/users/record.ts";
import { ACCOUNT_REFUSALS, addUserSchema, STATUS_LABELS } from "#app/users/rules.ts";

// /users (admin, issue 16): every account, searched and sorted on the server, and "Add a user".
export const meta = pageTitle("Users");
export const handle = listHandle;

const label = (field: UserField) => userRecord.fields[field].label;
const COLUMNS: Array<[UserSort | null, string]> = [
  ["email", label("email")],
  ["name", label("name")],
  ["role", label("role")],
  [null, "Status"],
  ["lastSignInAt", label("lastSignInAt")],
  ["created", "Created"],
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "users");
  const search = await withListSize(db, user, "users", new URL(request.url).searchParams);
  const params = readListParams(search, userListOptions);
  const zone = serverSettings().PLANT_TIME_ZONE;
  const view = (page: number, total: number) =>
    listViewOf("users", params, { page, total }, userListDefaults);
  try {
    const page = await listUsers(db, params);
    const rows = page.rows.map((row) => ({
      ...row,
      lastSignInAt: row.lastSignInAt ? formatDateTimeGB(row.lastSignInAt, zone) : null,
      createdAt: formatDateTimeGB(row.createdAt, zone),
    }));
    return { rows, view: view(page.page, page.total), error: null };
  } catch (error) {
    logError(request, error);
    return { rows: [], view: view(1, 0), error: `The users could not be read: ${FAULT_MESSAGE}.` };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "users");
  const submission = parseSubmission(await readForm(request), addUserSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), added: null }, { status: 400 });
  const outcome = await addUser(db, submission.value, admin.id);
  if (!outcome.ok) {
    return data(
      {
        result: submission.reply({ fieldErrors: { email: [ACCOUNT_REFUSALS[outcome.reason].message] } }),
        added: null,
      },
      { status: ACCOUNT_REFUSALS[outcome.reason].status },
    );
  }
  return {
    result: submission.reply({ resetForm: true }),
    added: {
      id: outcome.userId,
      email: submission.value.email,
      temporaryPassword: outcome.temporaryPassword,
    },
  };
}

export default function UsersPage() {
  const { rows, view, error } = useLoaderData<typeof loader>();
  const { _ } = useLingui();
  return (
    <section className="page" aria-labelledby="users-title">
      <ListHead id="users-title" title={_("Users")} />
      <AddUser />
      <ListError message={error} />
      <ListToolbar view={view} />
      <ListTable view={view} noun={["user", "users"]} label="Users">
        <thead>
          <tr>
            {COLUMNS.map(([sort, label]) =>
              sort ? (
                <SortHeader key={label} view={view} sort={sort}>
                  {_(label)}
                </SortHeader>
              ) : (
                <th key={label} scope="col">
                  {_(label)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={COLUMNS.length}>{_(view.q ? "No users match." : "No users yet.")}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/users/${row.id}`}>
                    <Marked text={row.email} q={view.q} />
                  </Link>
                </td>
                <td translate="no">
                  <Marked text={row.name} q={view.q} />
                </td>
                <td>{_(ROLE_LABELS[row.role])}</td>
                <td className={row.status === "active" ? undefined : "status-bad"}>
                  {_(STATUS_LABELS[row.status])}
                </td>
                <td>{row.lastSignInAt ?? _("Never")}</td>
                <td>{row.createdAt}</td>
              </tr>
            ))
          )}
        </tbody>
      </ListTable>
    </section>
  );
}

function AddUser() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useCheckedForm(addUserSchema, {
    id: "add-user",
    lastResult: actionData?.result,
    defaultValue: { role: "staff" },
  });
  const added = actionData?.added;
  const { _ } = useLingui();
  return (
    <section className="add-user" aria-labelledby="add-user-title">
      <h2 id="add-user-title">{_("Add a user")}</h2>
      {added ? (
        <ShownOnce
          label={_("Account made for {email}. Temporary password", { email: added.email })}
          secret={added.temporaryPassword}
        >
          {_("They choose their own password when they first sign in.")}
        </ShownOnce>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form narrow">
        <input type="hidden" name="intent" value="add" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="E-mail" id={fields.email.id} errors={fields.email.errors} required>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
        </Field>
        <Field label="Name" id={fields.name.id} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" />
        </Field>
        <Field label="Role" id={fields.role.id} errors={fields.role.errors} required>
          <select {...getSelectProps(fields.role)}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {_(ROLE_LABELS[role])}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton pendingText="Adding...">Add user</SubmitButton>
      </Form>
    </section>
  );
}
