import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { contractHistory } from "#app/contracts/history.ts";
import { fileHistory } from "#app/file-index/history.ts";
import { stockMovementHistory } from "#app/ledger/history.ts";
import { settingsHistory } from "#app/settings/history.ts";
import { sopRecordHistory } from "#app/sop/history.ts";
import { sparesLineHistory } from "#app/spares/history.ts";
import { rackItemHistory } from "#app/store-racks/history.ts";
import { userHistory } from "#app/users/history.ts";

// The kinds of record the audit log holds (its `entity` column): the one registry of them. Each
// is registered once, here: the feature's declaration (its history.ts: the words people know it
// by, who may read it, the fields of its form in the form's order and words), how /audit names a
// record from what an entry holds, and whether its page shows its history. A new kind of record
// is one entry below (links.server.ts, which finds its pages in the database, does not compile
// until it says where they are, or that there are none); an entity not registered shows
// generically. Pure data: the history and /audit loaders read it on the server.

export type { RecordTypeInfo };

/** What an entry holds of its record (its `after`, or its `before` for a deletion). */
export type HeldRecord = Readonly<Record<string, unknown>>;

/** How /audit shows one kind of record, beside the feature's declaration. */
export type AuditShown = {
  /** A one-line name of the record from what an entry holds ("Fire pump · Kirloskar"); "" if none. */
  title: (held: HeldRecord) => string;
  /** The record's page has a History section: a row cut short links there ("see its history"). */
  historyPage: boolean;
  /**
   * The catalogue namespaces (app/i18n) that hold its fields' labels, as its own pages have them:
   * /audit shows them in the person's language.
   */
  words: (held: HeldRecord) => string[];
};

/** The parts an entry holds under these keys, in this order, the blank ones left out. */
const joined =
  (...keys: string[]) =>
  (held: HeldRecord) =>
    keys
      .map((key) => held[key])
      .filter((part) => part !== undefined && part !== null && part !== "")
      .map(String)
      .join(" · ");

/** Registers a kind of record: the feature's declaration, and how /audit names and links it. */
const recordType = <const T extends RecordTypeInfo<Area>>(info: T, shown: AuditShown) => ({
  ...info,
  ...shown,
});

const byEntity = <const T extends readonly (RecordTypeInfo<Area> & AuditShown)[]>(types: T) =>
  Object.fromEntries(types.map((type) => [type.entity, type])) as {
    [Type in T[number] as Type["entity"]]: Type;
  };

export const RECORD_TYPES = byEntity([
  recordType(sparesLineHistory, {
    title: joined("department", "srno", "ComponentsAndEquipments"),
    historyPage: true,
    words: () => ["spares"],
  }),
  recordType(rackItemHistory, {
    title: (held) =>
      held.rackNumber !== undefined
        ? `Rack ${held.rackNumber} · ${joined("materialName")(held)}`
        : joined("materialName")(held),
    historyPage: true,
    words: () => ["store-racks"],
  }),
  recordType(contractHistory, {
    title: joined("equipment", "company"),
    historyPage: true,
    words: () => ["contracts"],
  }),
  recordType(fileHistory, {
    title: joined("rackName", "id", "name"),
    historyPage: true,
    words: () => ["file-index"],
  }),
  recordType(sopRecordHistory, {
    title: joined("format"),
    historyPage: true,
    // The paper's words are its format's ("AS09").
    words: (held) => ["sop", ...(typeof held.format === "string" ? [held.format.toUpperCase()] : [])],
  }),
  recordType(stockMovementHistory, {
    title: joined("kind", "quantity", "materialName", "ComponentsAndEquipments", "reference"),
    historyPage: false,
    words: () => ["stock", "ledger"],
  }),
  recordType(userHistory, { title: joined("email", "name"), historyPage: false, words: () => ["users"] }),
  // A setting is named by its key (the entry's id, which the row shows when the title is blank).
  recordType(settingsHistory, { title: () => "", historyPage: false, words: () => ["settings"] }),
]);

export type RecordType = keyof typeof RECORD_TYPES;
export const RECORD_TYPE_NAMES = Object.keys(RECORD_TYPES) as RecordType[];

export const isRecordType = (entity: string): entity is RecordType => Object.hasOwn(RECORD_TYPES, entity);

/** What the log knows of an entity's records (undefined: one not registered yet). */
export const recordTypeOf = (entity: string): (RecordTypeInfo<Area> & AuditShown) | undefined =>
  isRecordType(entity) ? RECORD_TYPES[entity] : undefined;

/**
 * What the log records that is no record with a page of its own (an import's run, a backup taken
 * or downloaded, a mail the outbox sent again): named here, so Today and /audit word them in the
 * person's language like the registered kinds.
 */
export const LOGGED_EVENTS = {
  import: "Import",
  backup: "Backup",
  backup_download: "Backup download",
  outbox: "Outbox",
} as const satisfies Record<string, string>;

export const isLoggedEvent = (entity: string): entity is keyof typeof LOGGED_EVENTS =>
  Object.hasOwn(LOGGED_EVENTS, entity);

/** The record type's words, or the entity name humanized for one this file does not know yet. */
export function recordTypeLabel(entity: string): string {
  if (isRecordType(entity)) return RECORD_TYPES[entity].label;
  if (isLoggedEvent(entity)) return LOGGED_EVENTS[entity];
  // Said like the registered ones ("Import", a catalogue's key), so a page can word it.
  const words = entity.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A one-line name of the record an entry is about, from what the entry holds ("Fire pump"). */
export function recordTitle(entity: string, before: unknown, after: unknown): string {
  const held = after && typeof after === "object" ? after : before;
  if (!held || typeof held !== "object") return "";
  return recordTypeOf(entity)?.title(held as HeldRecord) ?? "";
}

/** The namespaces of an entry's labels (none for an entity not registered). */
export function recordWords(entity: string, before: unknown, after: unknown): string[] {
  const held = after && typeof after === "object" ? after : before;
  return recordTypeOf(entity)?.words((held ?? {}) as HeldRecord) ?? [];
}

/** Where a row cut short links for the whole record: its page's history, if its page has one. */
export function historyHref(entity: string, href: string | null): string | null {
  if (!href || !recordTypeOf(entity)?.historyPage) return null;
  return `${href}${href.includes("?") ? "&" : "?"}history=all#history`;
}
