import { formatDateGB } from "#app/lib/dates.ts";
import { escapeHtml, type Marker } from "#app/ui/html.ts";
import { type Packed, packRows, unpackRows } from "#app/ui/packed-rows.ts";
import {
  type ContractStatus,
  cellText,
  contractMessage,
  expiredMessage,
  type WhatsAppLink,
  whatsAppLink,
} from "./rules.ts";

// The /amc table's rows as the loader sends them and as the page writes them (architecture.md
// budgets; app/ui/html-rows.tsx). The loader sends only what the cells show, packed, plus each
// contract's status (decided on the server, where "now" and the plant's zone are). Everything
// else — the WhatsApp links and their messages, the 'Send alerts' messages — is worked out from
// these fields in the page, on the server and in the browser alike, rather than sent twice.

/** One contract as the table needs it. */
export type ContractRow = {
  id: string;
  equipment: string;
  company: string;
  validityFrom: string;
  validityTo: string;
  pms: string;
  vendorCode: string;
  contractNumber: string;
  concernedPerson: string;
  mobileNumber: string;
  lastDateOfChecking: string;
  nextDueDate: string;
  status: ContractStatus;
};

const FIELDS = [
  "id",
  "equipment",
  "company",
  "validityFrom",
  "validityTo",
  "pms",
  "vendorCode",
  "contractNumber",
  "concernedPerson",
  "mobileNumber",
  "lastDateOfChecking",
  "nextDueDate",
  "status",
] as const satisfies readonly (keyof ContractRow)[];

export const packContractRows = (rows: readonly ContractRow[]) => packRows(rows, FIELDS);
export const unpackContractRows = (packed: string) => unpackRows(packed as Packed<ContractRow>, FIELDS);

/** The row's colour (contracts.css) and the tag beside its next due date. */
const STATUS_MARK: Record<ContractStatus, string> = {
  expired: ' class="contract-expired"',
  dueSoon: ' class="contract-due-soon"',
  fine: "",
};
const STATUS_TAG: Record<ContractStatus, string> = {
  expired: '<span class="tag tag-expired">Expired</span>',
  dueSoon: '<span class="tag tag-due-soon">Due soon</span>',
  fine: "",
};

// formatDateGB checks each date is a real one (a Date per call, a few µs): with four dates a row it
// was the table's largest cost. The dates repeat, between rows and between pages: keep the text of
// each (a calendar's worth at most; emptied if it ever grows past that).
const gbDates = new Map<string, string>();
function gbDate(value: string): string {
  let text = gbDates.get(value);
  if (text === undefined) {
    if (gbDates.size >= 5_000) gbDates.clear();
    text = formatDateGB(value);
    gbDates.set(value, text);
  }
  return text;
}

/** The WhatsApp Send link a row carries: the expired message, or the due one. */
export const rowWhatsAppLink = (row: ContractRow) =>
  whatsAppLink(row.mobileNumber, contractMessage(row, row.status));

/**
 * One contract as HTML: the ten cells (search marks included), Update, Delete (a link to the
 * confirmation page; the page turns it into its one dialog) and WhatsApp Send.
 */
export function contractRowHtml(row: ContractRow, mark: Marker): string {
  const name = escapeHtml(row.equipment);
  return (
    `<tr${STATUS_MARK[row.status]}><td>${mark(cellText(row.equipment))}</td><td>${mark(cellText(row.company))}</td>` +
    `<td>${mark(`${gbDate(row.validityFrom)} to ${gbDate(row.validityTo)}`)}</td>` +
    `<td>${mark(cellText(row.pms))}</td><td>${mark(cellText(row.vendorCode))}</td>` +
    `<td>${mark(cellText(row.contractNumber))}</td><td>${mark(cellText(row.concernedPerson))}</td>` +
    `<td>${mark(cellText(row.mobileNumber))}</td><td>${mark(gbDate(row.lastDateOfChecking))}</td>` +
    `<td>${mark(gbDate(row.nextDueDate))}${STATUS_TAG[row.status]}</td>` +
    `<td><a href="${escapeHtml(updatePath(row.id))}" class="button small" aria-label="Update ${name}">Update</a></td>` +
    `<td><a href="${escapeHtml(deletePath(row.id))}" class="button danger small" aria-label="Delete ${name}">Delete</a></td>` +
    `<td>${whatsAppSendHtml(rowWhatsAppLink(row), `WhatsApp message about ${row.equipment}`, `why-${row.id}`)}</td></tr>`
  );
}

const updatePath = (id: string) => `/amcupdate/${id}`;
const deletePath = (id: string) => `/amc/${id}/delete`;

/**
 * The markup of <WhatsAppSend> (components/whatsapp-send.tsx) as text: a link opening the chat in a
 * new tab, or a disabled button with the reason beside it. `reasonId` must be unique in the page.
 */
export function whatsAppSendHtml(link: WhatsAppLink, about: string, reasonId: string): string {
  const hidden = `<span class="visually-hidden"> ${escapeHtml(about)}</span>`;
  if (link.href !== null)
    return `<a href="${escapeHtml(link.href)}" target="_blank" rel="noopener noreferrer" class="button small whatsapp">Send${hidden}</a>`;
  const reason = escapeHtml(link.reason);
  const id = escapeHtml(reasonId);
  return (
    `<span class="send-disabled"><button type="button" class="button small" disabled="" title="${reason}" ` +
    `aria-describedby="${id}">Send${hidden}</button><small id="${id}">${reason}</small></span>`
  );
}

/** One 'Send alerts' message: to one recipient, about one expired contract. */
export type AlertMessage = { key: string; recipient: string; text: string; link: WhatsAppLink };

/** 'Send alerts' (behaviour note 6): one message per expired contract per configured recipient. */
export function alertMessages(rows: readonly ContractRow[], recipients: readonly string[]): AlertMessage[] {
  return rows
    .filter((row) => row.status === "expired")
    .flatMap((row) => {
      const text = expiredMessage(row.equipment, row.nextDueDate);
      return recipients.map((recipient) => ({
        key: `${row.id}:${recipient}`,
        recipient,
        text,
        link: whatsAppLink(recipient, text),
      }));
    });
}
