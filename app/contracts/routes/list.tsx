import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server.ts";
import { db } from "#app/db/client.server.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { ConfirmDelete } from "#app/ui/confirm-delete.tsx";
import { Highlight } from "#app/ui/search.tsx";
import { SendAlerts } from "../components/send-alerts.tsx";
import { WhatsAppSend } from "../components/whatsapp-send.tsx";
import contractsCss from "../contracts.css?url";
import { listContracts, withStatus } from "../queries.server.ts";
import { type ContractStatus, cellText, contractMessage, expiredMessage, whatsAppLink } from "../rules.ts";
import { contractMessages } from "../schema.ts";

// /amc: the Annual Maintenance Contract table (spec §2), with expired and due-soon contracts
// marked by the one rule (rules.ts contractStatus), per-row WhatsApp Send, and 'Send alerts'.
export const meta: MetaFunction = () => [{ title: "Annual Maintenance Contracts · PlantOps" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contractsCss }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const timeZone = serverSettings().PLANT_TIME_ZONE;
  const now = new Date();
  const settings = await getPlantSettings(db);
  const recipients = settings.whatsappRecipients;
  let items: Awaited<ReturnType<typeof listContracts>>;
  try {
    items = await listContracts(db);
  } catch (error) {
    logError(request, error);
    return {
      error: `${contractMessages.fetchFailed}: ${FAULT_MESSAGE}.`,
      rows: [],
      alerts: [],
      recipients: 0,
    };
  }
  const rows = withStatus(items, now, timeZone, settings.dueSoonDays).map((item) => ({
    id: item._id,
    equipment: item.equipment,
    company: item.company,
    validity: item.validity,
    pms: item.pms,
    vendorCode: item.vendorCode,
    contractNumber: item.contractNumber,
    concernedPerson: item.concernedPerson,
    mobileNumber: item.mobileNumber,
    lastDateOfChecking: item.lastDateOfChecking,
    nextDueDate: item.nextDueDate,
    status: item.status,
    send: whatsAppLink(item.mobileNumber, contractMessage(item, item.status)),
  }));
  // Behaviour note 6: one message per expired contract per configured recipient, sent on a click.
  const alerts = rows
    .filter((row) => row.status === "expired")
    .flatMap((row) =>
      recipients.map((recipient) => {
        const text = expiredMessage(row.equipment, row.nextDueDate);
        return { key: `${row.id}:${recipient}`, recipient, text, link: whatsAppLink(recipient, text) };
      }),
    );
  return { error: null, rows, alerts, recipients: recipients.length, dueSoonDays: settings.dueSoonDays };
}

const statusLabel: Record<ContractStatus, { className: string; tag: string } | null> = {
  expired: { className: "contract-expired", tag: "Expired" },
  dueSoon: { className: "contract-due-soon", tag: "Due soon" },
  fine: null,
};

export default function ContractsPage() {
  const data = useLoaderData<typeof loader>();
  const expired = data.rows.filter((row) => row.status === "expired").length;
  const dueSoon = data.rows.filter((row) => row.status === "dueSoon").length;
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
          <SendAlerts alerts={data.alerts} recipients={data.recipients} expired={expired} />
          <div className="table-wrap">
            <table className="amc-table">
              <thead>
                <tr>
                  <th>Equipment</th>
                  <th>Company</th>
                  <th>Validity From and To</th>
                  <th>PMS</th>
                  <th>Vendor Code</th>
                  <th>Contract Number</th>
                  <th>Concerned Person</th>
                  <th>Mobile Number</th>
                  <th>Last Date of Checking</th>
                  <th>Next Due Date</th>
                  <th>Update</th>
                  <th>Delete</th>
                  <th>WhatsApp Send</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={13} className="empty">
                      {contractMessages.empty}
                    </td>
                  </tr>
                ) : (
                  data.rows.map((row) => {
                    const mark = statusLabel[row.status];
                    return (
                      <tr key={row.id} className={mark?.className} data-status={row.status}>
                        <td>
                          <Highlight text={cellText(row.equipment)} />
                        </td>
                        <td>
                          <Highlight text={cellText(row.company)} />
                        </td>
                        <td>
                          <Highlight
                            text={`${formatDateGB(row.validity.from)} to ${formatDateGB(row.validity.to)}`}
                          />
                        </td>
                        <td>
                          <Highlight text={cellText(row.pms)} />
                        </td>
                        <td>
                          <Highlight text={cellText(row.vendorCode)} />
                        </td>
                        <td>
                          <Highlight text={cellText(row.contractNumber)} />
                        </td>
                        <td>
                          <Highlight text={cellText(row.concernedPerson)} />
                        </td>
                        <td>
                          <Highlight text={cellText(row.mobileNumber)} />
                        </td>
                        <td>
                          <Highlight text={formatDateGB(row.lastDateOfChecking)} />
                        </td>
                        <td>
                          <Highlight text={formatDateGB(row.nextDueDate)} />
                          {mark ? (
                            <span className={`tag tag-${row.status === "expired" ? "expired" : "due-soon"}`}>
                              {mark.tag}
                            </span>
                          ) : null}
                        </td>
                        <td>
                          <Link
                            to={`/amcupdate/${row.id}`}
                            className="button small"
                            aria-label={`Update ${row.equipment}`}
                          >
                            Update
                          </Link>
                        </td>
                        <td>
                          <ConfirmDelete
                            href={`/amc/${row.id}/delete`}
                            question={contractMessages.deleteQuestion}
                            itemName={row.equipment}
                          />
                        </td>
                        <td>
                          <WhatsAppSend link={row.send} about={`WhatsApp message about ${row.equipment}`} />
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
