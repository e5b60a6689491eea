import { useLingui } from "@lingui/react";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { withListSize } from "#app/auth/list-size.server.ts";
import { requirePermission } from "#app/auth/session.server.ts";
import { useCan } from "#app/auth/use-can.ts";
import { Chart } from "#app/charts/chart.tsx";
import chartsCss from "#app/charts/charts.css?url";
import type { ChartView } from "#app/charts/geometry.ts";
import { loadAmcAlerts } from "#app/contracts/alerts.server.ts";
import { ContractCells } from "#app/contracts/components/contract-cells.tsx";
import { SendAlerts } from "#app/contracts/components/send-alerts.tsx";
import { WhatsAppSend } from "#app/contracts/components/whatsapp-send.tsx";
import contractsCss from "#app/contracts/contracts.css?url";
import { countContractStatuses, listContractPage } from "#app/contracts/list.server.ts";
import {
  CONTRACT_LIST_DEFAULTS,
  type ContractRow,
  readContractView,
  rowState,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
} from "#app/contracts/list.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { alertMessages, contractMessage, statusBounds, whatsAppLink } from "#app/contracts/rules.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import { loadContractTimeline } from "#app/contracts/timeline.server.ts";
import { db } from "#app/db/client.server.ts";
import { wordsFor } from "#app/i18n/words.server.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { FAULT_MESSAGE } from "#app/lib/messages.ts";
import { listColumns } from "#app/lib/record.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";
import { ExportLinks } from "#app/spreadsheets/links.tsx";
import { DeleteLink, useDeleteDialog } from "#app/ui/confirm-delete.tsx";
import { FilterSelect, labelled } from "#app/ui/list/filters.tsx";
import { listHandle } from "#app/ui/list/handle.ts";
import { ListToolbar, listViewOf, PrintLink, useSearchRowsInSteps } from "#app/ui/list/list-view.tsx";
import { EmptyRow, ListHead, ListTable } from "#app/ui/list/page.tsx";
import { RecordHeads } from "#app/ui/list/record-cells.tsx";
import { pageTitle } from "#app/ui/page-head.ts";

// /amc: the Annual Maintenance Contract table (the legacy app) as a server-side list (docs/architecture.md
// "Lists"): searched, filtered by status (expired / due soon / valid, decided in the plant's time
// zone), sorted and paged by the server. Expired and due-soon rows are marked by the one rule
// (rules.ts); per-row WhatsApp Send; 'Send alerts' covers every expired contract, not one page.
export const meta = pageTitle("Annual Maintenance Contracts");
// A list with its own search box: the navbar leaves its own out (README difference 18).
export const handle = listHandle;
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: contractsCss },
  { rel: "stylesheet", href: chartsCss },
];

/** The list could not be read: one sentence, the catalogue's key (the page shows it in its language). */
const FETCH_FAILED = `${contractMessages.fetchFailed}: ${FAULT_MESSAGE}.`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "contracts");
  const search = await withListSize(db, user, "amc", new URL(request.url).searchParams);
  const { params, status } = readContractView(search);
  const settings = await getPlantSettings(db);
  const clock = {
    now: new Date(),
    timeZone: serverSettings().PLANT_TIME_ZONE,
    dueSoonDays: settings.dueSoonDays,
  };
  const base = {
    recipients: settings.whatsappRecipients.length,
    dueSoonDays: settings.dueSoonDays,
    status,
  };
  // The timeline's words are made here: in the person's language.
  const words = await wordsFor(request, user, settings.language, ["contracts"]);
  const view = (page: number, total: number) =>
    listViewOf("contracts", params, { page, total }, CONTRACT_LIST_DEFAULTS);
  try {
    const [page, counts, expired, timeline] = await Promise.all([
      listContractPage(db, params, status, clock),
      countContractStatuses(db, clock),
      loadAmcAlerts(db, clock.now, clock.timeZone),
      // The picture of what falls due: the same status rule on the same clock as the rows.
      loadContractTimeline(
        db,
        dateInZone(clock.now, clock.timeZone),
        statusBounds(clock.now, clock.timeZone, clock.dueSoonDays),
        words,
      ),
    ]);
    return {
      ...base,
      error: null,
      rows: page.rows,
      view: view(page.page, page.total),
      counts,
      alerts: alertMessages(expired, settings.whatsappRecipients),
      timeline: timeline as ChartView | null,
    };
  } catch (error) {
    logError(request, error);
    return {
      ...base,
      error: FETCH_FAILED,
      rows: [] as ContractRow[],
      view: view(1, 0),
      counts: { expired: 0, dueSoon: 0 },
      alerts: [],
      timeline: null,
    };
  }
}

export default function ContractsPage() {
  const { _ } = useLingui();
  const data = useLoaderData<typeof loader>();
  const { view, rows, counts } = data;
  // Without JavaScript Delete is a link to its confirmation page; with it, the page's one dialog.
  const deleteDialog = useDeleteDialog(contractMessages.deleteQuestion);
  const mayChange = useCan()("contracts");
  const filtered = Boolean(data.status);
  const shown = useSearchRowsInSteps(rows, view.q);

  return (
    <section className="page" aria-labelledby="amc-title">
      <ListHead id="amc-title" title={_("Annual Maintenance Contract")}>
        <PrintLink to="/amc/print" name="contracts" />
        <ExportLinks
          to="/amc/export"
          name="contracts"
          importTo={mayChange ? "/import/contracts" : undefined}
        />
        {mayChange ? (
          <Link to="/amcinsert" className="button primary">
            {_("Insert New Line")}
          </Link>
        ) : null}
      </ListHead>
      {data.error ? (
        <p className="fetch-error" role="alert">
          {_(data.error)}
        </p>
      ) : (
        <>
          <p className="amc-summary muted">
            {_("{expired} expired · {dueSoon} due within {days} days", {
              expired: counts.expired,
              dueSoon: counts.dueSoon,
              days: data.dueSoonDays,
            })}
          </p>
          <SendAlerts alerts={data.alerts} recipients={data.recipients} expired={counts.expired} />
          {data.timeline ? (
            <Chart
              id="amc-timeline"
              title={data.timeline.title}
              description={data.timeline.description}
              geometry={data.timeline.geometry}
            />
          ) : null}
        </>
      )}
      <ListToolbar view={view}>
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          value={data.status}
          all="All contracts"
          options={labelled(STATUS_FILTERS, STATUS_FILTER_LABELS)}
        />
      </ListToolbar>
      <ListTable
        view={view}
        noun={["contract", "contracts"]}
        filtered={filtered}
        label="Contracts"
        className="amc-table"
      >
        <thead>
          <tr>
            <RecordHeads definition={contractRecord} view={view} />
            {/* The row's actions stay in view at the box's right edge (contracts.css). */}
            {mayChange ? (
              <>
                <th scope="col" className="actions-cell amc-update">
                  {_("Update")}
                </th>
                <th scope="col" className="actions-cell amc-delete">
                  {_("Delete")}
                </th>
              </>
            ) : null}
            <th scope="col" className="actions-cell amc-send">
              {_("WhatsApp Send")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow columns={listColumns(contractRecord).length + (mayChange ? 3 : 1)}>
              {_(view.q || filtered ? "No contracts match." : contractMessages.empty)}
            </EmptyRow>
          ) : (
            shown.map((row) => (
              <ContractLine
                key={row.id}
                row={row}
                q={view.q}
                askToDelete={mayChange ? deleteDialog.ask : undefined}
              />
            ))
          )}
        </tbody>
      </ListTable>
      {deleteDialog.dialog}
    </section>
  );
}

const ROW_CLASS = { expired: "contract-expired", dueSoon: "contract-due-soon", fine: undefined } as const;

function ContractLine({
  row,
  q,
  askToDelete,
}: {
  row: ContractRow;
  q: string;
  /** Absent for a role that may not change contracts: no Update or Delete cells. */
  askToDelete?: (href: string) => boolean;
}) {
  const { _ } = useLingui();
  const deleteHref = `/amc/${row.id}/delete`;
  return (
    <tr className={ROW_CLASS[row.status]}>
      <ContractCells row={row} q={q} />
      {askToDelete ? (
        <>
          <td className="actions-cell amc-update">
            <a
              href={`/amcupdate/${row.id}`}
              className="button small"
              aria-label={_("Update {equipment}", { equipment: row.equipment })}
            >
              {_("Update")}
            </a>
          </td>
          <td className="actions-cell amc-delete">
            <DeleteLink
              href={deleteHref}
              ask={askToDelete}
              label={_("Delete {equipment}", { equipment: row.equipment })}
            />
          </td>
        </>
      ) : null}
      <td className="actions-cell amc-send">
        <WhatsAppSend
          link={whatsAppLink(row.mobileNumber, contractMessage(row, rowState(row)))}
          about={_("WhatsApp message about {equipment}", { equipment: row.equipment })}
        />
      </td>
    </tr>
  );
}
