import type { FieldSpec } from "#app/audit/diff.ts";
import type { Area } from "#app/auth/permissions.ts";
import { contractRecord } from "#app/contracts/record.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { movementRecord, OLDER_MOVEMENT_KEYS } from "#app/ledger/record.ts";
import { auditFields } from "#app/lib/record.ts";
import { DERIVED, sparesRecord } from "#app/spares/record.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { userRecord } from "#app/users/record.ts";

// The kinds of record the audit log holds (its `entity` column), with the words people know them
// by and the fields of each record's form, in the form's order and with the form's labels. The
// entity names are the ones the features pass to audit(); a new one shows generically until it
// gets its line here. Pure data: the history and /audit loaders read it on the server.

export type RecordTypeInfo = {
  /** "Contract", shown in /audit's record type filter and rows. */
  label: string;
  /** Who may read the record (and so its history). */
  area: Area;
  /**
   * The record's form fields. Null: the record has no fixed list (a SOP record's paper, a user, the
   * settings): every stored leaf is compared, labelled by `labels` or its humanized key.
   */
  fields: readonly FieldSpec[] | null;
  /** Labels of keys of records without a fixed list, by the key's last part. */
  labels?: Readonly<Record<string, Omit<FieldSpec, "path">>>;
};

const n = "number" as const;

export const RECORD_TYPES = {
  inventory_item: {
    label: "Spares line",
    area: "spares",
    fields: [
      ...auditFields(sparesRecord),
      // Both derived from the stock, as it was at the save (entries before issue 30 hold a typed status).
      { path: DERIVED.shortfall.audit, label: DERIVED.shortfall.label, kind: n },
      { path: DERIVED.status.audit, label: DERIVED.status.label },
    ],
  },
  rack_item: {
    label: "Rack item",
    area: "racks",
    fields: auditFields(rackItemRecord),
  },
  contract: {
    label: "Contract",
    area: "contracts",
    // Derived from the definition: each field at the key its entries store it under.
    fields: auditFields(contractRecord),
  },
  rack_file: {
    label: "File",
    area: "fileIndex",
    // Derived from the definition: each field at the key its entries store it under.
    fields: auditFields(fileRecord),
  },
  sop_record: { label: "SOP record", area: "sop", fields: null },
  // Written by the stock ledger (issue 17); its shape is read from the entry, whatever it holds.
  stock_movement: {
    label: "Stock movement",
    area: "racks",
    fields: null,
    labels: {
      ...Object.fromEntries(auditFields(movementRecord).map(({ path, ...spec }) => [path, spec])),
      ...OLDER_MOVEMENT_KEYS,
    },
  },
  user: {
    label: "User",
    area: "users",
    fields: null,
    // The definition's labels under the keys entries hold; values shown as stored (yes/no, text).
    labels: Object.fromEntries(auditFields(userRecord).map(({ path, label }) => [path, { label }])),
  },
  settings: { label: "Settings", area: "settings", fields: null },
} as const satisfies Record<string, RecordTypeInfo>;

export type RecordType = keyof typeof RECORD_TYPES;
export const RECORD_TYPE_NAMES = Object.keys(RECORD_TYPES) as RecordType[];

export const isRecordType = (entity: string): entity is RecordType => Object.hasOwn(RECORD_TYPES, entity);

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
