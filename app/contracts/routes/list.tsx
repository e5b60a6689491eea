import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { HtmlRows, useRowLinks, useRowsHtml } from "#app/ui/html-rows.tsx";
import { SendAlerts } from "../components/send-alerts.tsx";
import {
  alertMessages,
  type ContractRow,
  contractRowHtml,
  packContractRows,
  unpackContractRows,
} from "../contract-rows.ts";
import contractsCss from "../contracts.css?url";
import { listContractRows } from "../queries.server.ts";
import { contractMessages } from "../schema.ts";

// /amc: the Annual Maintenance Contract table (spec §2), with expired and due-soon contracts
// marked by the one rule (rules.ts contractStatus), per-row WhatsApp Send, and 'Send alerts'.
// Built for plant scale (architecture.md budgets): the loader sends the shown fields packed
// (contract-rows.ts), the WhatsApp links and alert messages are worked out from them in the page,
// the rows are written as HTML text (app/ui/html-rows.tsx), one delegated click handler serves
// every row's links and one dialog every row's Delete.
export const meta: MetaFunction = () => [{ title: "Annual Maintenance Contracts · PlantOps" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contractsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const settings = await getPlantSettings(db);
  const base = { recipients: settings.whatsappRecipients, dueSoonDays: settings.dueSoonDays };
  try {
    const rows = await listContractRows(
      db,
      new Date(),
      serverSettings().PLANT_TIME_ZONE,
      settings.dueSoonDays,
    );
    return { error: null, rows: packContractRows(rows), ...base };
  } catch (error) {
    logError(request, error);
    return {
      error: `${contractMessages.fetchFailed}: ${FAULT_MESSAGE}.`,
      rows: packContractRows([]),
      ...base,
    };
  }
}

export default function ContractsPage() {
  const data = useLoaderData<typeof loader>();
  const rows = useMemo(() => unpackContractRows(data.rows), [data.rows]);
  const { expired, dueSoon } = useMemo(() => countStatuses(rows), [rows]);
  const alerts = useMemo(() => alertMessages(rows, data.recipients), [rows, data.recipients]);
  const html = useRowsHtml(rows, contractRowHtml, []);

  // Without JavaScript the row links are ordinary links (Delete → the confirmation page). With it,
  // Update navigates in the app and Delete opens the dialog; WhatsApp Send opens its own tab.
  const deleteDialog = useDeleteDialog(contractMessages.deleteQuestion);
  const onRowClick = useRowLinks(deleteDialog.ask);

  return (
    <section className="page" aria-labelledby="amc-title">
      <div className="page-head">
        <h1 id="amc-title">Annual Maintenance Contract</h1>
        <Link to="/amcinsert" className="button primary">
          Insert New Line
        </Link>
      </div>
      {data.error ? (
        <p className="fetch-error" role="alert">
          {data.error}
        </p>
      ) : (
        <>
          <p className="amc-summary muted">
            {expired} expired · {dueSoon} due within {data.dueSoonDays} days
          </p>
          <SendAlerts alerts={alerts} recipients={data.recipients.length} expired={expired} />
          <div className="table-wrap">
            <table className="amc-table">
              <thead>
                <tr>
                  {COLUMNS.map((name) => (
                    <th key={name}>{name}</th>
                  ))}
                </tr>
              </thead>
              {rows.length === 0 ? (
                <tbody>
                  <tr>
                    <td colSpan={COLUMNS.length} className="empty">
                      {contractMessages.empty}
                    </td>
                  </tr>
                </tbody>
              ) : (
                <HtmlRows key="rows" html={html} onClick={onRowClick} />
              )}
            </table>
          </div>
          {deleteDialog.dialog}
        </>
      )}
    </section>
  );
}

const COLUMNS = [
  "Equipment",
  "Company",
  "Validity From and To",
  "PMS",
  "Vendor Code",
  "Contract Number",
  "Concerned Person",
  "Mobile Number",
  "Last Date of Checking",
  "Next Due Date",
  "Update",
  "Delete",
  "WhatsApp Send",
];

function countStatuses(rows: readonly ContractRow[]) {
  let expired = 0;
  let dueSoon = 0;
  for (const row of rows) {
    if (row.status === "expired") expired += 1;
    else if (row.status === "dueSoon") dueSoon += 1;
  }
  return { expired, dueSoon };
}
