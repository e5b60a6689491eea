import { addDays, dateInZone, formatDateGB, isIsoDate, startOfDayInZone } from "#app/lib/dates.ts";

// The rules of annual maintenance contracts (AMC), shared by the browser (live previews) and the
// server (the source of truth on save). Pure: "now" and the plant's time zone are passed in.

/** PMS (preventive maintenance schedule) choices; each label stores its own value (README difference 7). */
export const PMS_CHOICES = ["Monthly", "Quarterly", "Yearly", "Fortnightly"] as const;
export type Pms = (typeof PMS_CHOICES)[number];

export const isPms = (value: unknown): value is Pms => PMS_CHOICES.includes(value as Pms);

export type ContractStatus = "expired" | "dueSoon" | "fine";

export const DEFAULT_DUE_SOON_DAYS = 7;

/** The two dates a contract's status is decided by: the end of its validity and its next PMS due. */
export type ContractDates = { validityTo?: string | null; nextDueOn?: string | null };

/** Which date flags a contract: its validity end ("validity") or its next due date ("pms"). */
export type StatusReason = "validity" | "pms";

/** A contract's status and, unless it is fine, the date that decides it (the messages name it). */
export type ContractState =
  | { status: "fine"; reason: null; date: null }
  | { status: "expired" | "dueSoon"; reason: StatusReason; date: string };

const FINE: ContractState = { status: "fine", reason: null, date: null };

/**
 * The one rule of a contract's status (list, filter, counts, bell, alerts, print, exports, API and
 * Today): expired when either date has passed, due soon when either falls within the due-soon
 * window, otherwise fine. A next due date has passed when `now` is strictly after its 00:00 (plant
 * time); a contract is valid through its validity end date, so that date has passed when `now` is
 * strictly after the 00:00 that follows it. When both dates flag a contract the earlier one is
 * named (on the same day, the next due date). No or an unreadable date: nothing to say about it.
 */
export function contractStatus(
  contract: ContractDates,
  now: Date,
  timeZone: string,
  dueSoonDays: number = DEFAULT_DUE_SOON_DAYS,
): ContractStatus {
  return contractStatusAt(now, timeZone, dueSoonDays)(contract);
}

/**
 * The dates that split contracts by status at `now`: a next due date on or before `expiredThrough`
 * has passed, as has a validity end on or before `validityEndedThrough` (the day before); either on
 * or before `dueSoonThrough` is due soon. The plant's today and the 00:00s that matter are worked
 * out once (time-zone arithmetic is most of the cost), so many contracts are then compared as
 * text, and SQL compares the same dates (status.server.ts). A date before today has passed its
 * 00:00; today's has when `now` is strictly after it. Tomorrow's is checked too: on a day whose
 * midnight the clocks skip (America/Santiago in September) startOfDayInZone answers an hour early,
 * and the rule follows it.
 */
export function statusBounds(now: Date, timeZone: string, dueSoonDays: number = DEFAULT_DUE_SOON_DAYS) {
  const today = dateInZone(now, timeZone);
  const tomorrow = addDays(today, 1);
  const past = (date: string) => now.getTime() > startOfDayInZone(date, timeZone).getTime();
  const expiredThrough = past(tomorrow) ? tomorrow : past(today) ? today : addDays(today, -1);
  return {
    expiredThrough,
    validityEndedThrough: addDays(expiredThrough, -1),
    dueSoonThrough: addDays(today, dueSoonDays),
  };
}

export type StatusBounds = ReturnType<typeof statusBounds>;

/** Has this date of a contract passed, on these bounds (Today's "Validity ended", "PMS due date passed")? */
export const datePassed = (reason: StatusReason, date: string, bounds: StatusBounds) =>
  date <= (reason === "validity" ? bounds.validityEndedThrough : bounds.expiredThrough);

/** The state of a contract on these bounds (see contractStatus). */
export function contractState(contract: ContractDates, bounds: StatusBounds): ContractState {
  const dates: [StatusReason, string][] = [];
  // The next due date first: on a tie it is the one named (the spec's message).
  if (contract.nextDueOn && isIsoDate(contract.nextDueOn)) dates.push(["pms", contract.nextDueOn]);
  if (contract.validityTo && isIsoDate(contract.validityTo)) dates.push(["validity", contract.validityTo]);
  const earliest = (found: [StatusReason, string][]) =>
    found.reduce((first, next) => (next[1] < first[1] ? next : first));
  const passed = dates.filter(([reason, date]) => datePassed(reason, date, bounds));
  if (passed.length) {
    const [reason, date] = earliest(passed);
    return { status: "expired", reason, date };
  }
  const soon = dates.filter(([, date]) => date <= bounds.dueSoonThrough);
  if (soon.length) {
    const [reason, date] = earliest(soon);
    return { status: "dueSoon", reason, date };
  }
  return FINE;
}

/** contractState for many contracts at one `now` (see statusBounds). */
export function contractStateAt(now: Date, timeZone: string, dueSoonDays: number = DEFAULT_DUE_SOON_DAYS) {
  const bounds = statusBounds(now, timeZone, dueSoonDays);
  return (contract: ContractDates): ContractState => contractState(contract, bounds);
}

/** contractStatus for many contracts at one `now` (see statusBounds). */
export function contractStatusAt(now: Date, timeZone: string, dueSoonDays: number = DEFAULT_DUE_SOON_DAYS) {
  const stateOf = contractStateAt(now, timeZone, dueSoonDays);
  return (contract: ContractDates): ContractStatus => stateOf(contract).status;
}

/** Adds calendar months, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The next due date suggested from the last date of checking and the PMS (issue #5): Monthly +1
 * month, Quarterly +3 months, Yearly +12 months, Fortnightly +14 days. Null when either is missing.
 */
export function suggestNextDueDate(lastCheckedOn: string | null | undefined, pms: unknown) {
  if (!lastCheckedOn || !isIsoDate(lastCheckedOn) || !isPms(pms)) return null;
  switch (pms) {
    case "Monthly":
      return addMonths(lastCheckedOn, 1);
    case "Quarterly":
      return addMonths(lastCheckedOn, 3);
    case "Yearly":
      return addMonths(lastCheckedOn, 12);
    case "Fortnightly":
      return addDays(lastCheckedOn, 14);
  }
}

// Message texts (issue #5, the legacy app "Notifications dialog"). A contract flagged by its next due
// date keeps the spec's texts; one flagged by its validity end says so, with that date.
export const expiredMessage = (equipment: string, nextDueDate: string | null | undefined) =>
  `AMC has expired for the equipment: ${equipment} with Next Due Date: ${formatDateGB(nextDueDate)}`;

export const validityEndedMessage = (equipment: string, validityTo: string | null | undefined) =>
  `AMC has expired for the equipment: ${equipment}; validity ended on ${formatDateGB(validityTo)}`;

export const dueMessage = (equipment: string, nextDueDate: string | null | undefined) =>
  `AMC for the equipment: ${equipment} is due on ${formatDateGB(nextDueDate)}`;

export const validityEndsMessage = (equipment: string, validityTo: string | null | undefined) =>
  `AMC for the equipment: ${equipment} ends on ${formatDateGB(validityTo)}`;

export const alertTitle = (nextDueDate: string | null | undefined) =>
  `AMC exceeds for the equipment with Next Due Date: ${formatDateGB(nextDueDate)}`;

export const validityAlertTitle = (validityTo: string | null | undefined) =>
  `AMC validity ended for the equipment on ${formatDateGB(validityTo)}`;

/** The title of an expired contract in the notifications, naming the date that flags it. */
export const contractAlertTitle = (state: { reason: StatusReason; date: string }) =>
  state.reason === "validity" ? validityAlertTitle(state.date) : alertTitle(state.date);

/** The message about an expired contract, naming the date that flags it. */
export const expiredContractMessage = (equipment: string, flag: { reason: StatusReason; date: string }) =>
  flag.reason === "validity"
    ? validityEndedMessage(equipment, flag.date)
    : expiredMessage(equipment, flag.date);

/**
 * The message a row's Send button carries: expired or not yet, about the date that flags the
 * contract (see contractState); a fine contract's names its next due date.
 */
export function contractMessage(
  contract: { equipment: string; nextDueOn: string | null | undefined },
  state: ContractState,
) {
  if (state.status === "expired") return expiredContractMessage(contract.equipment, state);
  if (state.reason === "validity") return validityEndsMessage(contract.equipment, state.date);
  return dueMessage(contract.equipment, contract.nextDueOn);
}

/** One 'Send alerts' message: to one recipient, about one expired contract. */
export type AlertMessage = { key: string; recipient: string; text: string; link: WhatsAppLink };

/** 'Send alerts' (README difference 6): one message per expired contract per configured recipient. */
export function alertMessages(
  expired: readonly { id: string; equipment: string; reason: StatusReason; date: string }[],
  recipients: readonly string[],
): AlertMessage[] {
  return expired.flatMap((contract) => {
    const text = expiredContractMessage(contract.equipment, contract);
    return recipients.map((recipient) => ({
      key: `${contract.id}:${recipient}`,
      recipient,
      text,
      link: whatsAppLink(recipient, text),
    }));
  });
}

export const NO_RECIPIENTS_MESSAGE = "No alert recipients are set. An admin can add them in Settings.";

type PhoneResult = { digits: string; reason: null } | { digits: null; reason: string };

/**
 * The digits WhatsApp needs (country code + number) from a number as people type it, or why there
 * is none. A 10-digit Indian mobile (starting 6–9) gets the 91 country code, as does one written
 * with a trunk 0; a number written with + or 00 keeps its own country code.
 */
export function whatsAppNumber(raw: string | null | undefined): PhoneResult {
  const text = (raw ?? "").trim();
  if (!text) return { digits: null, reason: "No mobile number is set." };
  const invalid = { digits: null, reason: `"${text}" is not a valid mobile number.` } as const;
  if (!/^\+?[\d\s().-]+$/.test(text)) return invalid;
  let digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || digits.startsWith("00");
  if (digits.startsWith("00")) digits = digits.slice(2);
  const indianMobile = /^[6-9]\d{9}$/;
  if (!international) {
    if (indianMobile.test(digits)) return { digits: `91${digits}`, reason: null };
    if (digits.length === 11 && digits.startsWith("0") && indianMobile.test(digits.slice(1)))
      return { digits: `91${digits.slice(1)}`, reason: null };
    if (digits.length === 12 && digits.startsWith("91") && indianMobile.test(digits.slice(2)))
      return { digits, reason: null };
    return invalid;
  }
  if (digits.startsWith("91")) return indianMobile.test(digits.slice(2)) ? { digits, reason: null } : invalid;
  // Another country: E.164 allows at most 15 digits; country codes never start with 0.
  return /^[1-9]\d{7,14}$/.test(digits) ? { digits, reason: null } : invalid;
}

export type WhatsAppLink = { href: string; reason: null } | { href: null; reason: string };

/** A click-to-chat link `https://wa.me/<digits>?text=<message>`, or the reason there is none. */
export function whatsAppLink(mobileNumber: string | null | undefined, message: string): WhatsAppLink {
  const number = whatsAppNumber(mobileNumber);
  if (number.digits === null) return { href: null, reason: number.reason };
  return { href: `https://wa.me/${number.digits}?text=${encodeURIComponent(message)}`, reason: null };
}
