import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import {
  type AuditAction,
  type FieldChange,
  type FieldSpec,
  fieldChanges,
  leafChanges,
} from "#app/audit/diff.ts";
import { auditLog } from "#app/audit/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { totalColumn } from "#app/db/list.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";

// The history of one record (issue 17): its audit entries, newest first, each as who, when and
// the field changes in the form's words. This module knows no feature (every feature writes the
// log, so the log may not read them): a feature declares how its records read (a RecordTypeInfo
// in its history.ts), the accounts' owner gives the authors' names (AuthorNames), and record
// pages render <RecordHistory> (app/audit/history.tsx). /audit reads entries through
// describeEntries() with every feature's declaration (app/audit-trail/record-types.ts).

/** Entries a record page shows before "Show all". */
export const HISTORY_CAP = 10;
/** "Show all" still stops somewhere: a record edited every day for years is not one page. */
export const HISTORY_ALL_LIMIT = 1000;
/** The address parameter that asks for the whole history (works without JavaScript). */
export const HISTORY_PARAM = "history";

/** How one kind of record's entries read: the fields of its form, or labels of the keys it stores. */
export type RecordFields = {
  /**
   * The record's form fields. Null: the record has no fixed list (a SOP record's paper, a user, the
   * settings): every stored leaf is compared, labelled by `labels` or its humanized key.
   */
  fields: readonly FieldSpec[] | null;
  /** Labels of keys of records without a fixed list, by the key's last part. */
  labels?: Readonly<Record<string, Omit<FieldSpec, "path">>>;
  /** A record whose stored shape needs its own reading (a SOP record's paper). */
  changes?: (action: AuditAction, before: unknown, after: unknown) => FieldChange[];
};

/** A kind of record the log holds (its `entity`), as the feature that writes it declares it. */
export type RecordTypeInfo<Area extends string = string> = RecordFields & {
  /** The entity name the feature passes to audit(). */
  entity: string;
  /** "Contract", shown in /audit's record type filter and rows. */
  label: string;
  /** Who may read the record (and so its history). */
  area: Area;
};

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

/** Columns of an entry. */
export const entryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
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
};

/** An account as its entries name it. */
export type Author = { name: string; email: string };
/** The accounts of these ids that still exist (a removed one is absent). */
export type AuthorNames = (ids: readonly string[]) => Promise<ReadonlyMap<string, Author>>;

/** The authors of these entries, by id. */
export function authorsOf(rows: readonly { userId: string | null }[], authors: AuthorNames) {
  return authors([...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))]);
}

/** Who made a change, as people know them. */
export function authorName(userId: string | null, authors: ReadonlyMap<string, Author>): string {
  if (!userId) return "System";
  const author = authors.get(userId);
  if (author?.name.trim()) return author.name.trim();
  return author?.email ?? "A removed user";
}

/**
 * A record's history (the caller has checked that the user may read it). `url`'s ?history=all asks
 * for every entry instead of the newest HISTORY_CAP.
 */
export async function readHistory(
  db: Tx,
  type: Pick<RecordTypeInfo, "entity"> & RecordFields,
  entityId: string,
  url: URL,
  authors: AuthorNames,
): Promise<RecordHistoryView> {
  const all = url.searchParams.get(HISTORY_PARAM) === "all";
  const rows = await db
    .select({ ...entryColumns, total: totalColumn })
    .from(auditLog)
    .where(and(eq(auditLog.entity, type.entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(all ? HISTORY_ALL_LIMIT : HISTORY_CAP);
  return {
    entries: describeEntries(rows, () => type, await authorsOf(rows, authors)),
    total: rows[0] ? Number(rows[0].total) : 0,
    all,
    cap: HISTORY_CAP,
  };
}

/** Entries as people read them: author, plant-zone time, field changes. */
export function describeEntries(
  rows: readonly EntryRow[],
  typeOf: (entity: string) => RecordFields | undefined,
  authors: ReadonlyMap<string, Author>,
): HistoryEntry[] {
  const zone = serverSettings().PLANT_TIME_ZONE;
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    at: formatDateTimeGB(row.createdAt, zone),
    who: authorName(row.userId, authors),
    changes: changesOf(typeOf(row.entity), row.action, row.before, row.after),
  }));
}

/** The field changes of one entry, by what its record type knows of its fields (none: every leaf). */
export function changesOf(
  type: RecordFields | undefined,
  action: AuditAction,
  before: unknown,
  after: unknown,
): FieldChange[] {
  if (type?.changes) return type.changes(action, before, after);
  if (type?.fields) return fieldChanges(action, before, after, type.fields);
  const labels = type?.labels ?? {};
  const order = Object.keys(labels);
  const lastKey = (path: string) => path.split(".").at(-1) ?? "";
  return leafChanges(action, before, after, {
    label: (path) => {
      const known = labels[lastKey(path)];
      return known ? { path, ...known } : null;
    },
    rank: (path) => {
      const index = order.indexOf(lastKey(path));
      return [index === -1 ? order.length : index];
    },
  });
}

/** How many entries each record type (entity) has in (since, until]: Today's "since your last visit". */
export async function changeCounts(db: Tx, since: Date, until: Date) {
  const rows = await db
    .select({ entity: auditLog.entity, count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(gt(auditLog.createdAt, since), lte(auditLog.createdAt, until)))
    .groupBy(auditLog.entity);
  return rows.map((row) => ({ entity: row.entity, count: Number(row.count) }));
}
