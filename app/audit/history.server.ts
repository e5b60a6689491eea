import { and, desc, eq, inArray } from "drizzle-orm";
import {
  type AuditAction,
  type FieldChange,
  type FieldSpec,
  fieldChanges,
  inFormOrder,
  specsFromLeaves,
} from "#app/audit/diff.ts";
import { isRecordType, RECORD_TYPES, type RecordType } from "#app/audit/record-types.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { can } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";
import { users } from "#app/auth/table.server.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { totalColumn } from "#app/db/list.server.ts";
import { fileHref } from "#app/file-index/hrefs.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import type { FormatDefinition, InputDef } from "#app/sop/engine/types.ts";
import { findFormat } from "#app/sop/formats/index.ts";
import { sopRecords } from "#app/sop/table.server.ts";
import { lineEditPaths } from "#app/spares/stock.server.ts";
import { rackItemEditPaths } from "#app/store-racks/stock.server.ts";

// The history of one record (issue 17): its audit entries, newest first, each as who, when and
// the field changes in the form's words. Record pages call recordHistory() in their loader and
// render <RecordHistory> (app/audit/history.tsx); /audit reads entries through describeEntries().

/** Entries a record page shows before "Show all". */
export const HISTORY_CAP = 10;
/** "Show all" still stops somewhere: a record edited every day for years is not one page. */
export const HISTORY_ALL_LIMIT = 1000;
/** The address parameter that asks for the whole history (works without JavaScript). */
export const HISTORY_PARAM = "history";

export type HistoryEntry = {
  id: string;
  action: AuditAction;
  /** dd/mm/yyyy hh:mm in the plant's zone. */
  at: string;
  /** The user's name, or their e-mail when they have none. */
  who: string;
  changes: FieldChange[];
};

export type RecordHistoryView = {
  entries: HistoryEntry[];
  total: number;
  /** True when every entry (up to HISTORY_ALL_LIMIT) is shown. */
  all: boolean;
  cap: number;
};

export type EntryRow = {
  id: string;
  action: AuditAction;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
};

/** Columns of an entry with its author's name, for a select joined with users. */
export const entryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  userName: users.name,
  userEmail: users.email,
};

/** Who made a change, as people know them. */
export function authorName(row: Pick<EntryRow, "userId" | "userName" | "userEmail">): string {
  if (!row.userId) return "System";
  if (row.userName?.trim()) return row.userName.trim();
  return row.userEmail ?? "A removed user";
}

/**
 * A record's history for a user who may read it (else null: the page shows nothing rather than
 * another area's changes). `url`'s ?history=all asks for every entry instead of the newest
 * HISTORY_CAP.
 */
export async function recordHistory(
  db: Tx,
  user: { role: Role },
  entity: RecordType,
  entityId: string,
  url: URL,
): Promise<RecordHistoryView | null> {
  if (!can(user.role, RECORD_TYPES[entity].area, "read")) return null;
  const all = url.searchParams.get(HISTORY_PARAM) === "all";
  const rows = await db
    .select({ ...entryColumns, total: totalColumn })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(all ? HISTORY_ALL_LIMIT : HISTORY_CAP);
  return {
    entries: describeEntries(rows),
    total: rows[0] ? Number(rows[0].total) : 0,
    all,
    cap: HISTORY_CAP,
  };
}

/** Entries as people read them: author, plant-zone time, field changes. */
export function describeEntries(rows: readonly EntryRow[]): HistoryEntry[] {
  const zone = serverSettings().PLANT_TIME_ZONE;
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    at: formatDateTimeGB(row.createdAt, zone),
    who: authorName(row),
    changes: changesOf(row.entity, row.action, row.before, row.after),
  }));
}

/** The field changes of one entry, by what the record type knows of its fields. */
export function changesOf(
  entity: string,
  action: AuditAction,
  before: unknown,
  after: unknown,
): FieldChange[] {
  if (entity === "sop_record") return sopChanges(action, before, after);
  const info = isRecordType(entity) ? RECORD_TYPES[entity] : null;
  if (info?.fields) return fieldChanges(action, before, after, info.fields);
  const labels: Readonly<Record<string, Omit<FieldSpec, "path">>> =
    info && "labels" in info ? (info.labels as Record<string, Omit<FieldSpec, "path">>) : {};
  const order = Object.keys(labels);
  const lastKey = (path: string) => path.split(".").at(-1) ?? "";
  const specs = specsFromLeaves(before, after, (path) => {
    const known = labels[lastKey(path)];
    return known ? { path, ...known } : null;
  });
  const rank = (path: string) => {
    const index = order.indexOf(lastKey(path));
    return [index === -1 ? order.length : index];
  };
  return fieldChanges(action, before, after, inFormOrder(specs, rank));
}

// SOP records store {format, data}: the paper's fields are labelled from the format's definition.
function sopChanges(action: AuditAction, before: unknown, after: unknown): FieldChange[] {
  const code = ((after ?? before) as { format?: unknown } | null)?.format;
  const definition = typeof code === "string" ? findFormat(code) : undefined;
  const dataOf = (value: unknown) => (value as { data?: unknown } | null)?.data;
  const leaves = specsFromLeaves(dataOf(before), dataOf(after), (path) =>
    definition ? sopField(definition, path) : null,
  );
  const specs = (definition ? inFormOrder(leaves, (path) => sopRank(definition, path)) : leaves).map(
    (spec) => ({ ...spec, path: `data.${spec.path}` }),
  );
  return fieldChanges(action, before, after, specs);
}

/** Where a path of a SOP record's data sits on the paper: header, body blocks in order, footer. */
export function sopRank(definition: FormatDefinition, path: string): number[] {
  const [first, second, third] = path.split(".");
  const header = definition.header.findIndex((input) => input.name === first);
  if (header !== -1) return [0, header];
  const footer = definition.footer.findIndex((input) => input.name === first);
  if (footer !== -1) return [2, footer];
  const block = definition.body.findIndex(
    (candidate) =>
      ("name" in candidate && candidate.name === first) ||
      (candidate.type === "checklist" &&
        candidate.store === "keyed" &&
        candidate.sections.some((s) => s.key === first)),
  );
  if (block === -1) return [3];
  const found = definition.body[block];
  if (found.type === "checklist" && found.store === "keyed") {
    const items = found.sections.flatMap((section) =>
      section.items.map((item) => `${section.key}.${item.key}`),
    );
    return [1, block, items.indexOf(`${first}.${second}`)];
  }
  if (found.type === "counts") return [1, block, found.items.findIndex((item) => item.key === second)];
  const columns =
    found.type === "register"
      ? found.parts.flatMap((part) => part.columns.map((column) => column.name))
      : [found.status.name, found.remarks?.name ?? "", found.itemKey ?? ""];
  return [1, block, Number(second), columns.indexOf(third ?? "")];
}

function inputSpec(path: string, input: InputDef, prefix = ""): FieldSpec {
  const label = prefix ? `${prefix} · ${input.label}` : input.label;
  const kind =
    input.kind === "date"
      ? "date"
      : input.kind === "number" || input.kind === "count"
        ? "number"
        : input.kind === "yesno" || input.kind === "tick"
          ? "flag"
          : "text";
  const choices =
    input.kind === "choice"
      ? Object.fromEntries(input.choices.map((choice) => [choice.value, choice.label]))
      : undefined;
  return { path, label, kind, choices };
}

/** A label for a path in a SOP record's data, from the paper's definition; null when unknown. */
export function sopField(definition: FormatDefinition, path: string): FieldSpec | null {
  const [first, second, third] = path.split(".");
  for (const input of [...definition.header, ...definition.footer])
    if (input.name === first && second === undefined) return inputSpec(path, input);
  for (const block of definition.body) {
    if (block.type === "checklist" && block.store === "list" && block.name === first) {
      const item = block.sections.flatMap((section) => section.items)[Number(second)];
      const input = [block.status, block.remarks].find((candidate) => candidate?.name === third);
      if (!item) return null;
      if (!input) return { path, label: `${item.label} · ${third}` };
      return inputSpec(path, input, item.label);
    }
    if (block.type === "checklist" && block.store === "keyed") {
      const section = block.sections.find((candidate) => candidate.key === first);
      const item = section?.items.find((candidate) => candidate.key === second);
      if (item && third === undefined) return inputSpec(path, block.status, item.label);
    }
    if (block.type === "register" && block.name === first) {
      const column = block.parts.flatMap((part) => part.columns).find((input) => input.name === third);
      const row = `Row ${Number(second) + 1}`;
      return column ? inputSpec(path, column, row) : null;
    }
    if (block.type === "counts" && block.name === first) {
      const item = block.items.find((candidate) => candidate.key === second);
      return item ? { path, label: `${block.title} · ${item.label}`, kind: "number" } : null;
    }
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The pages of the records that still exist, by "entity:id": where /audit links each row. One
 * query per record type on the page, by primary key.
 */
export async function recordLinks(
  db: Tx,
  refs: readonly { entity: string; entityId: string }[],
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const idsOf = (entity: string) => [
    ...new Set(
      refs.filter((ref) => ref.entity === entity && UUID.test(ref.entityId)).map((ref) => ref.entityId),
    ),
  ];
  const add = (entity: string, id: string, href: string) => links.set(`${entity}:${id}`, href);
  const lookups: Record<string, (ids: string[]) => Promise<void>> = {
    contract: async (ids) => {
      for (const row of await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(inArray(contracts.id, ids)))
        add("contract", row.id, `/amcupdate/${row.id}`);
    },
    rack_item: async (ids) => {
      for (const { id, href } of await rackItemEditPaths(db, ids)) add("rack_item", id, href);
    },
    inventory_item: async (ids) => {
      for (const { id, href } of await lineEditPaths(db, ids)) add("inventory_item", id, href);
    },
    rack_file: async (ids) => {
      const rows = await db
        .select({ id: rackFiles.id, rack: rackFiles.rackName })
        .from(rackFiles)
        .where(inArray(rackFiles.id, ids));
      for (const row of rows) add("rack_file", row.id, fileHref(row.rack, row.id));
    },
    sop_record: async (ids) => {
      const rows = await db
        .select({ id: sopRecords.id, format: sopRecords.format })
        .from(sopRecords)
        .where(inArray(sopRecords.id, ids));
      for (const row of rows) {
        const definition = findFormat(row.format);
        if (definition) add("sop_record", row.id, `${definition.path}/records/${row.id}`);
      }
    },
    user: async (ids) => {
      for (const row of await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)))
        add("user", row.id, `/users/${row.id}`);
    },
  };
  for (const [entity, lookup] of Object.entries(lookups)) {
    const ids = idsOf(entity);
    if (ids.length) await lookup(ids);
  }
  for (const ref of refs) if (ref.entity === "settings") links.set(`settings:${ref.entityId}`, "/settings");
  return links;
}
