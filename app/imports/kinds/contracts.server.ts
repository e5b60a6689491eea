import { eq } from "drizzle-orm";
import { PMS_CHOICES, suggestNextDueDate } from "#app/contracts/rules.ts";
import { contractInsertSchema, contractUpdateSchema } from "#app/contracts/schema.ts";
import { contracts as t } from "#app/contracts/table.server.ts";
import { atVersion, nextVersion } from "#app/db/records.server.ts";
import {
  errorsByField,
  type ImportKind,
  type Stored,
  storedByKey,
  type Values,
} from "#app/spreadsheets/import-kind.ts";
import { versionedRecords } from "#app/spreadsheets/import-records.server.ts";
import { DATE_TEXT_FORMATS, naturalKey } from "#app/spreadsheets/import-rules.ts";
import { CONTRACT_COLUMNS } from "#app/spreadsheets/sources.server.ts";

// The maintenance contracts (/amc). Natural key: Equipment + Company (case and spaces ignored):
// a renewal is the same contract with new dates, so it changes the record instead of adding one.
// The table has no unique key: two stored contracts with the same key are reported, not guessed.
// A row that changes a contract is checked with the update form's rules, a new one with the
// insert form's too (equipment, company, validity and PMS required), so a contract entered before
// those were required still imports back unchanged. A blank Next Due Date is worked out from the
// last checking and the PMS, as a save does; Status is the list's own reading of the dates.

const KIND_ID = "contracts";

const FIELDS = [
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
] as const;

/** A file's cells as the form pipeline gives them to the schema: blank is not given. */
function formInput(texts: Record<string, string>) {
  const input: Record<string, string | undefined> = {};
  for (const field of FIELDS) input[field] = texts[field]?.trim() ? texts[field].trim() : undefined;
  // "monthly" typed by hand is the form's Monthly: the choice is matched ignoring case.
  const pms = PMS_CHOICES.find((choice) => choice.toLowerCase() === input.pms?.toLowerCase());
  if (pms) input.pms = pms;
  return input;
}

const toValues = (data: Partial<Record<(typeof FIELDS)[number], string | undefined>>): Values =>
  Object.fromEntries(FIELDS.map((field) => [field, data[field] ?? ""]));

const orNull = (value: unknown) =>
  value === null || value === undefined || value === "" ? null : String(value);

/** The columns a row writes. */
const toColumns = (values: Values) => ({
  equipment: String(values.equipment ?? ""),
  company: String(values.company ?? ""),
  validityFrom: orNull(values.validityFrom),
  validityTo: orNull(values.validityTo),
  pms: orNull(values.pms),
  vendorCode: String(values.vendorCode ?? ""),
  contractNumber: String(values.contractNumber ?? ""),
  concernedPerson: String(values.concernedPerson ?? ""),
  mobileNumber: String(values.mobileNumber ?? ""),
  lastCheckedOn: orNull(values.lastDateOfChecking),
  nextDueOn: orNull(values.nextDueDate),
});

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
    { header: "Equipment", field: "equipment", required: true },
    { header: "Company", field: "company", required: true },
    { header: "Validity From", field: "validityFrom", required: true, kind: "date" },
    { header: "Validity To", field: "validityTo", required: true, kind: "date" },
    { header: "PMS", field: "pms", required: true },
    { header: "Vendor Code", field: "vendorCode", required: false },
    { header: "Contract Number", field: "contractNumber", required: false },
    { header: "Concerned Person", field: "concernedPerson", required: false },
    { header: "Mobile Number", field: "mobileNumber", required: false },
    { header: "Last Date of Checking", field: "lastDateOfChecking", required: false, kind: "date" },
    { header: "Next Due Date", field: "nextDueDate", required: false, kind: "date" },
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
    const rows = await db.select().from(t).orderBy(t.createdAt, t.id);
    return storedByKey(
      rows.map((row): [string, Stored] => [
        naturalKey(row.equipment, row.company),
        {
          id: row.id,
          version: row.version,
          values: toValues({
            equipment: row.equipment,
            company: row.company,
            validityFrom: row.validityFrom ?? "",
            validityTo: row.validityTo ?? "",
            pms: row.pms ?? "",
            vendorCode: row.vendorCode,
            contractNumber: row.contractNumber,
            concernedPerson: row.concernedPerson,
            mobileNumber: row.mobileNumber,
            lastDateOfChecking: row.lastCheckedOn ?? "",
            nextDueDate: row.nextDueOn ?? "",
          }),
        },
      ]),
    );
  },
  resolve(values) {
    if (values.nextDueDate) return values;
    const suggested = suggestNextDueDate(orNull(values.lastDateOfChecking), values.pms);
    return { ...values, nextDueDate: suggested ?? "" };
  },
  async insert(tx, rows, userId) {
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      const inserted = await tx
        .insert(t)
        .values(
          rows
            .slice(start, start + 1000)
            .map((values) => ({ ...toColumns(values), createdBy: userId, updatedBy: userId })),
        )
        .returning({ id: t.id });
      ids.push(...inserted.map((row) => row.id));
    }
    return ids;
  },
  async update(tx, stored, values, userId) {
    const [row] = await tx
      .update(t)
      .set({ ...toColumns(values), updatedBy: userId, updatedAt: new Date(), version: nextVersion(t) })
      .where(atVersion(t, stored.id, stored.version))
      .returning({ version: t.version });
    return row ? row.version : null;
  },
  ...versionedRecords(t),

  async restore(tx, id, values, userId) {
    await tx
      .update(t)
      .set({ ...toColumns(values), updatedBy: userId, updatedAt: new Date(), version: nextVersion(t) })
      .where(eq(t.id, id));
  },
};
