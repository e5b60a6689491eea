import { createContract } from "#app/contracts/queries.server.ts";
import { PMS_CHOICES } from "#app/contracts/rules.ts";
import { contractInsertSchema, toContractInput } from "#app/contracts/schema.ts";
import type { Tx } from "#app/db/client.server.ts";
import { insertFiles } from "#app/file-index/queries.server.ts";
import { duplicateMessage, isRackName, RACK_NAMES } from "#app/file-index/rules.ts";
import { newFileSchema } from "#app/file-index/schema.ts";
import { dateInZone, isIsoDate } from "#app/lib/dates.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import { formatOfLegacyApi } from "#app/sop/formats/index.ts";
import { createRecord } from "#app/sop/queries.server.ts";
import { createLine } from "#app/spares/queries.server.ts";
import type { Department } from "#app/spares/rules.ts";
import { lineSchema } from "#app/spares/schema.ts";
import { createRackItem } from "#app/store-racks/queries.server.ts";
import { parseRackNumber, RACK_COUNT } from "#app/store-racks/rules.ts";
import { fromApiInput, rackItemApiSchema } from "#app/store-racks/schema.ts";

// The old application's collections and how each document becomes one of our records: the legacy
// field names and shapes of the API contract (/work/shared/design/the legacy API contract "Records"),
// tidied where the old app stored loosely (numbers as strings, dates as text, PMS labels), then
// checked by the feature's own schema (the same rules and messages as its forms and /api) and
// written by the feature's own server function, so the stock goes through the ledger (an opening
// movement, as a record put in today) and every record is audited.

/** One document (or, for a cupboard rack, one of its files) to bring across. */
export type Unit = { legacyId: string | null; document: unknown };
export type Written = { ok: true; id: string } | { ok: false; reason: string };

export type Collection = {
  /** The name kept in legacy_ids and printed in the counts. */
  key: string;
  label: string;
  /** File names (without extension; case, spaces, "-" and "_" ignored) this collection is read from. */
  files: readonly string[];
  /** The audit log's entity of the records it becomes. */
  entity: string;
  /** What a document holds to import: itself, or a cupboard rack's files. */
  units(document: Record<string, unknown>): Unit[];
  write(tx: Tx, document: unknown, userId: string, timeZone: string): Promise<Written>;
};

// ---- Tidying legacy values ----

const idOf = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null;

/** "1,250.5" → "1250.5" (thousands separators); numbers and anything else as they are. */
export function legacyNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, "") : text;
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A legacy date as YYYY-MM-DD: a date typed as text ("2026-01-31", "31/01/2026", "31-01-2026"),
 * or a stored timestamp (a Mongo Date, ISO text) read as the plant's calendar date (a date picked
 * at midnight in the plant was stored as 18:30 the day before, in UTC). Anything else is left as it
 * is, for the schema to refuse with its own message.
 */
export function legacyDate(value: unknown, timeZone: string): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  if (TIMESTAMP.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return text;
    // A bare date at UTC midnight (a date input's value turned into a Date) is that date.
    if (/T00:00(:00(\.0+)?)?(Z|\+00:00)?$/.test(text)) return text.slice(0, 10);
    return dateInZone(instant, timeZone);
  }
  const dmy = DMY.exec(text);
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}`;
    return isIsoDate(iso) ? iso : text;
  }
  return text;
}

/** A schema's issues as one reason: "LeadTime: Please fill all required fields.; …". */
function reasonOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const seen = new Set<string>();
  for (const issue of issues) {
    const where = issue.path.map(String).join(".");
    seen.add(where ? `${where}: ${issue.message}` : issue.message);
  }
  return [...seen].join("; ") || "The document is not valid.";
}

const documentUnit = (document: Record<string, unknown>): Unit[] => [
  { legacyId: idOf(document._id), document },
];

// ---- The three department tables ----

function sparesCollection(department: Department, key: string, files: string[]): Collection {
  return {
    key,
    label: `${department} spares lines`,
    files,
    entity: "inventory_item",
    units: documentUnit,
    async write(tx, document, userId) {
      const source = document as Record<string, unknown>;
      const parsed = lineSchema.safeParse({
        srno: legacyNumber(source.srno),
        Assets: source.Assets,
        ComponentsAndEquipments: source.ComponentsAndEquipments,
        AvailableStock: legacyNumber(source.AvailableStock),
        MinStock: legacyNumber(source.MinStock),
        LeadTime: legacyNumber(source.LeadTime),
        // ExcessShortFall and StatusofOrder are never read: the server derives them from the stock.
      });
      if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
      const saved = await createLine(tx, department, parsed.data, userId);
      if (saved.ok) return { ok: true, id: saved.line._id };
      if (saved.reason === "duplicate")
        return { ok: false, reason: `Serial number ${parsed.data.srno} is already used in ${department}.` };
      return { ok: false, reason: saved.reason === "stock" ? saved.message : `Not saved (${saved.reason}).` };
    },
  };
}

// ---- Store rack items ----

const rackItemsCollection: Collection = {
  key: "rack-items",
  label: "Store rack items",
  files: ["rack", "racksdata", "rackdata", "rackitem", "rackitems", "storerack", "storeracks", "items"],
  entity: "rack_item",
  units: documentUnit,
  async write(tx, document, userId) {
    const source = document as Record<string, unknown>;
    const rackNumber = parseRackNumber(
      typeof source.rackNumber === "number" ? String(source.rackNumber) : (source.rackNumber as string),
    );
    if (rackNumber === null)
      return {
        ok: false,
        reason: `rackNumber: '${String(source.rackNumber ?? "")}' is not a rack (1 to ${RACK_COUNT}).`,
      };
    const parsed = rackItemApiSchema.safeParse({
      section: source.section,
      materialName: source.materialName,
      availableStock: legacyNumber(source.availableStock),
      issue: legacyNumber(source.issue),
      // `receit`, as the old app spelled it (a later `receipt` is read too).
      receit: legacyNumber(source.receit ?? source.receipt),
    });
    if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
    const { item, figures } = fromApiInput(parsed.data);
    const saved = await createRackItem(tx, rackNumber, item, figures, userId);
    return saved.ok ? { ok: true, id: saved.item._id } : { ok: false, reason: saved.message };
  },
};

// ---- Maintenance contracts (the old app's equipment) ----

/** The PMS as the form's choice: "monthly" → "Monthly" (the old app's labels, any case). */
function legacyPms(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return PMS_CHOICES.find((choice) => choice.toLowerCase() === value.trim().toLowerCase()) ?? value;
}

const contractsCollection: Collection = {
  key: "equipment",
  label: "Maintenance contracts",
  files: ["equipment", "equipments", "contract", "contracts", "amc", "amcs"],
  entity: "contract",
  units: documentUnit,
  async write(tx, document, userId, timeZone) {
    const source = document as Record<string, unknown>;
    const validity = (
      source.validity && typeof source.validity === "object" ? source.validity : {}
    ) as Record<string, unknown>;
    const input = toContractInput({
      ...source,
      validity: { from: legacyDate(validity.from, timeZone), to: legacyDate(validity.to, timeZone) },
      pms: legacyPms(source.pms),
      lastDateOfChecking: legacyDate(source.lastDateOfChecking, timeZone),
      nextDueDate: legacyDate(source.nextDueDate, timeZone),
    });
    const parsed = contractInsertSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
    const created = await createContract(tx, parsed.data, userId);
    return { ok: true, id: created._id };
  },
};

// ---- The file index: cupboard racks, each with its files ----

/** "rack1a" → "Rack1A". */
function rackNameOf(value: unknown) {
  return (
    RACK_NAMES.find(
      (name) =>
        name.toLowerCase() ===
        String(value ?? "")
          .trim()
          .toLowerCase(),
    ) ?? null
  );
}

const filesCollection: Collection = {
  key: "files",
  label: "Files (cupboard racks)",
  files: ["racks", "cupboard", "cupboards", "cupboardracks", "filerack", "fileracks", "rackfiles", "files"],
  entity: "rack_file",
  // One unit per file: a rack's files come across (or are refused) one by one.
  units(document) {
    const files = Array.isArray(document.files) ? document.files : [];
    const rack = document.name;
    if (files.length === 0)
      return [{ legacyId: idOf(document._id), document: { rack, files: document.files ?? null } }];
    return files.map((file, index) => {
      const own: Record<string, unknown> = file && typeof file === "object" ? file : { value: file };
      const rackId = idOf(document._id);
      return {
        // A file without its own _id is known by its rack's and its place in the list.
        legacyId: idOf(own._id) ?? (rackId ? `${rackId}:${index}` : null),
        document: { rack, ...own },
      };
    });
  },
  async write(tx, document, userId) {
    const source = document as Record<string, unknown>;
    const rackName = rackNameOf(source.rack);
    if (!rackName || !isRackName(rackName))
      return {
        ok: false,
        reason: `name: '${String(source.rack ?? "")}' is not a rack (${RACK_NAMES.join(", ")}).`,
      };
    if (!("id" in source) && !("name" in source))
      return { ok: false, reason: "The rack has no files to bring across." };
    const parsed = newFileSchema.safeParse({ id: legacyNumber(source.id), name: source.name });
    if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
    const saved = await insertFiles(tx, rackName, [parsed.data], userId);
    if (saved.ok) return { ok: true, id: saved.files[0]._id };
    return { ok: false, reason: duplicateMessage(rackName, saved.fileNumber) };
  },
};

// ---- Saved AS11 packed-lorry checklists ----

const as11 = formatOfLegacyApi("/api/checklist");

/** A criterion's status as the form's choice: "yes" → "Yes", "Select" or blank → "". */
function legacyStatus(value: unknown): unknown {
  if (typeof value !== "string") return value ?? "";
  const text = value.trim().toLowerCase();
  if (text === "yes") return "Yes";
  if (text === "no") return "No";
  if (text === "" || text === "select") return "";
  return value;
}

const checklistsCollection: Collection = {
  key: "as11-checklists",
  label: "AS11 packed-lorry checklists",
  files: [
    "checklist",
    "checklists",
    "as11",
    "as11checklist",
    "as11checklists",
    "packedlorry",
    "packedlorries",
  ],
  entity: "sop_record",
  units: documentUnit,
  async write(tx, document, userId, timeZone) {
    // The old document's _id, __v, createdAt and createdBy are not the paper's: the schema drops them.
    const { criteria, date, ...rest } = document as Record<string, unknown>;
    const parsed = schemaFor(as11).safeParse({
      ...rest,
      date: legacyDate(date, timeZone),
      criteria: Array.isArray(criteria)
        ? criteria.map((criterion) => {
            const { status, remarks } = (criterion ?? {}) as Record<string, unknown>;
            return { status: legacyStatus(status), remarks: remarks ?? "" };
          })
        : criteria,
    });
    if (!parsed.success) return { ok: false, reason: reasonOf(parsed.error.issues) };
    const { id } = await createRecord(tx, as11, parsed.data, userId);
    return { ok: true, id };
  },
};

/** Every collection the importer knows, in the order it brings them across. */
export const COLLECTIONS: readonly Collection[] = [
  sparesCollection("Electrician", "electrician", ["electrician", "electricians", "electricianproducts"]),
  sparesCollection("FireFight", "firefight", [
    "firefight",
    "firefights",
    "firefighting",
    "firefightproducts",
  ]),
  sparesCollection("Technician", "technician", ["technician", "technicians", "technicianproducts"]),
  rackItemsCollection,
  contractsCollection,
  filesCollection,
  checklistsCollection,
];

/** The collection a file holds, by its name ("Electricians.json", "rack_items.jsonl"), or null. */
export function collectionOfFile(fileName: string): Collection | null {
  const base = fileName
    .replace(/\.(json|jsonl|ndjson)$/i, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  return COLLECTIONS.find((collection) => collection.files.includes(base)) ?? null;
}
