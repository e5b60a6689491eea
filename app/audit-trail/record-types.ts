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

// The kinds of record the audit log holds (its `entity` column), each as the feature that writes
// it declares it (its history.ts: the words people know it by, who may read it, the fields of its
// form in the form's order and words). A new entity shows generically until its feature declares
// it and it is listed here. Pure data: the history and /audit loaders read it on the server.

export type { RecordTypeInfo };

const byEntity = <const T extends readonly RecordTypeInfo<Area>[]>(types: T) =>
  Object.fromEntries(types.map((type) => [type.entity, type])) as {
    [Type in T[number] as Type["entity"]]: Type;
  };

export const RECORD_TYPES = byEntity([
  sparesLineHistory,
  rackItemHistory,
  contractHistory,
  fileHistory,
  sopRecordHistory,
  stockMovementHistory,
  userHistory,
  settingsHistory,
]);

export type RecordType = keyof typeof RECORD_TYPES;
export const RECORD_TYPE_NAMES = Object.keys(RECORD_TYPES) as RecordType[];

export const isRecordType = (entity: string): entity is RecordType => Object.hasOwn(RECORD_TYPES, entity);

/** What the log knows of an entity's records (undefined: one no feature declares yet). */
export const recordTypeOf = (entity: string): RecordTypeInfo<Area> | undefined =>
  isRecordType(entity) ? RECORD_TYPES[entity] : undefined;

/** The record type's words, or the entity name humanized for one this file does not know yet. */
export function recordTypeLabel(entity: string): string {
  return isRecordType(entity) ? RECORD_TYPES[entity].label : entity.replace(/_/g, " ");
}

/** A one-line name of the record an entry is about, from what the entry holds ("Fire pump"). */
export function recordTitle(entity: string, before: unknown, after: unknown): string {
  const value = (after && typeof after === "object" ? after : before) as Record<string, unknown> | null;
  if (!value || typeof value !== "object") return "";
  const text = (...keys: string[]) =>
    keys
      .map((key) => value[key])
      .filter((part) => part !== undefined && part !== null && part !== "")
      .map(String)
      .join(" · ");
  switch (entity) {
    case "contract":
      return text("equipment", "company");
    case "rack_item":
      return value.rackNumber !== undefined
        ? `Rack ${value.rackNumber} · ${text("materialName")}`
        : text("materialName");
    case "inventory_item":
      return text("department", "srno", "ComponentsAndEquipments");
    case "rack_file":
      return text("rackName", "id", "name");
    case "sop_record":
      return text("format");
    case "stock_movement":
      return text("kind", "quantity", "materialName", "ComponentsAndEquipments", "reference");
    case "user":
      return text("email", "name");
    default:
      return "";
  }
}
