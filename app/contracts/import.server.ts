import { CONTRACT_COLUMNS } from "#app/contracts/export.server.ts";
import {
  contractVersions,
  insertContracts,
  listContracts,
  removeContracts,
  restoreContract,
  toFormValues,
  updateContractAt,
} from "#app/contracts/queries.server.ts";
import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import { PMS_CHOICES, suggestNextDueDate } from "#app/contracts/rules.ts";
import { contractInsertSchema, contractUpdateSchema } from "#app/contracts/schema.ts";
import { importColumns, importFields, wireName } from "#app/lib/record.ts";
import {
  errorsByField,
  type ImportKind,
  type Stored,
  storedByKey,
  type Values,
} from "#app/spreadsheets/import-kind.ts";
import { DATE_TEXT_FORMATS, naturalKey } from "#app/spreadsheets/import-rules.ts";

// The maintenance contracts (/amc). Natural key: Equipment + Company (case and spaces ignored):
// a renewal is the same contract with new dates, so it changes the record instead of adding one.
// The table has no unique key: two stored contracts with the same key are reported, not guessed.
// A row that changes a contract is checked with the update form's rules, a new one with the
// insert form's too (equipment, company, validity and PMS required), so a contract entered before
// those were required still imports back unchanged. A blank Next Due Date is worked out from the
// last checking and the PMS, as a save does; Status is the list's own reading of the dates.

const KIND_ID = "contracts";

const FIELDS = importFields(contractRecord);

/** A file's cells as the form pipeline gives them to the schema: blank is not given. */
function formInput(texts: Record<string, string>) {
  const input: Record<string, string | undefined> = {};
  for (const field of FIELDS) input[field] = texts[field]?.trim() ? texts[field].trim() : undefined;
  // "monthly" typed by hand is the form's Monthly: the choice is matched ignoring case.
  const pms = PMS_CHOICES.find((choice) => choice.toLowerCase() === input.pms?.toLowerCase());
  if (pms) input.pms = pms;
  return input;
}

const toValues = (data: Partial<Record<ContractField, string | undefined>>): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, data[field] ?? ""]));

/**
 * Values an imports row holds, by field name. A row kept from before the fields had one name
 * each holds the legacy API's names for the two renamed dates (lastDateOfChecking, nextDueDate):
 * read those where the field's own name is missing, so an older import still undoes.
 */
function fromStored(values: Values): Values {
  const read: Values = {};
  for (const name of FIELDS) {
    const legacy = wireName(contractRecord, name);
    read[name] = Object.hasOwn(values, name)
      ? values[name]
      : !legacy.includes(".") && Object.hasOwn(values, legacy)
        ? values[legacy]
        : "";
  }
  return read;
}

export const contractsKind: ImportKind = {
  id: KIND_ID,
  title: "Annual Maintenance Contracts",
  area: "contracts",
  listHref: "/amc",
  uploadHref: `/import/${KIND_ID}`,
  fileStem: "contracts",
  template: CONTRACT_COLUMNS,
  keyLabel: "Equipment + Company",
  keyField: "equipment",
  notes: [
    "A new contract needs Equipment, Company, Validity From, Validity To and PMS (Monthly, Quarterly, Yearly or Fortnightly), as the insert form does.",
    "A blank Next Due Date is worked out from the Last Date of Checking and the PMS; Status is worked out from the dates (it may be left out).",
    `Dates are Excel date cells or written ${DATE_TEXT_FORMATS}. The file's own dates tell whether it is written day or month first (a day above 12, as 25/04/2026); a date that could be either, as 04/01/2026, in a file that does not tell is refused: write it as yyyy-mm-dd.`,
  ],
  columns: [
    ...importColumns(contractRecord),
    // Written by the export from the dates: never read.
    { header: "Status", required: false },
  ],
  check(texts) {
    const parsed = contractUpdateSchema.safeParse(formInput(texts));
    if (!parsed.success) return { ok: false, errors: errorsByField(parsed.error.issues, "equipment") };
    return { ok: true, values: toValues(parsed.data) };
  },
  checkNew(texts) {
    const parsed = contractInsertSchema.safeParse(formInput(texts));
    if (!parsed.success) return { ok: false, errors: errorsByField(parsed.error.issues, "equipment") };
    return { ok: true, values: toValues(parsed.data) };
  },
  keyOf: (values) => naturalKey(values.equipment, values.company),
  async existing(db) {
    const stored = await listContracts(db);
    return storedByKey(
      stored.map((item): [string, Stored] => [
        naturalKey(item.equipment, item.company),
        { id: item._id, version: item.version, values: toValues(toFormValues(item)) },
      ]),
    );
  },
  resolve(values) {
    if (values.nextDueOn) return values;
    const suggested = suggestNextDueDate(
      values.lastCheckedOn ? String(values.lastCheckedOn) : null,
      values.pms,
    );
    return { ...values, nextDueOn: suggested ?? "" };
  },
  insert: (tx, rows, userId) => insertContracts(tx, rows.map(fromStored), userId),
  update: (tx, stored, values, userId) =>
    updateContractAt(tx, stored.id, stored.version, fromStored(values), userId),
  versions: contractVersions,
  remove: removeContracts,
  restore: (tx, id, values, userId) => restoreContract(tx, id, fromStored(values), userId),
};
