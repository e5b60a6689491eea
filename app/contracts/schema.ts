import * as z from "zod/mini";
import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import { PMS_CHOICES, whatsAppNumber } from "#app/contracts/rules.ts";
import { clockToday, dateWindow, dateWindowProblem, isIsoDate } from "#app/lib/dates.ts";
import { fromWire, wireName } from "#app/lib/record.ts";
import { singleLineCheck } from "#app/lib/text-checks.ts";

// The equipment (AMC contract) forms (the legacy app "Equipment add"): one schema for the browser and the
// action. The form pipeline (app/ui/form/parse.ts) reads empty inputs as undefined, so "not given"
// is undefined everywhere; the /api routes read their JSON into the same flat shape
// (toContractInput) before parsing.

export const contractMessages = {
  added: "Equipment added successfully!",
  addFailed: "Failed to add equipment",
  updated: "Equipment updated successfully!",
  updateFailedToast: "Update failed. Please try again.",
  updateFailed: "Failed to update equipment",
  fetchFailed: "Failed to fetch equipment",
  notFoundForId: "No equipment data found for this ID.",
  notFound: "Equipment not found",
  deleted: "Equipment deleted successfully",
  deleteQuestion: "Are you sure you want to permanently delete this contract? This action cannot be undone.",
  empty: "No equipment data available.",
  validityOrder: "Validity to must not be before validity from.",
  badDate: "Enter a valid date (YYYY-MM-DD).",
  pmsChoice: "Choose Monthly, Quarterly, Yearly or Fortnightly.",
  phone: "Enter a mobile number: 10 digits, or with the country code (+91…).",
} as const;

const MAX_TEXT = 200;
const tooLong = `At most ${MAX_TEXT} characters.`;

// Every text of a contract is one line (app/lib/text.ts: a line break sent is folded to a space).
const requiredText = (message: string) =>
  z
    .string({ error: message })
    .check(singleLineCheck, z.trim(), z.minLength(1, message), z.maxLength(MAX_TEXT, tooLong));
const optionalText = () =>
  z.optional(z.string().check(singleLineCheck, z.trim(), z.maxLength(MAX_TEXT, tooLong)));

/** A contract's dates lie between 2000 and 30 years ahead (a 9999-12-31 is a slip, not a contract). */
export const CONTRACT_YEARS_AHEAD = 30;

const isoDate = (label: string, required?: string) =>
  z.string(required ? { error: required } : undefined).check(
    z.trim(),
    z.refine(isIsoDate, contractMessages.badDate),
    z.superRefine((value, ctx) => {
      // A date that is not one has had its message (badDate) already.
      const problem =
        isIsoDate(value) && dateWindowProblem(label, value, dateWindow(clockToday(), CONTRACT_YEARS_AHEAD));
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    }),
  );

const pms = (required: boolean) =>
  z.enum(PMS_CHOICES, {
    error: (issue) =>
      issue.input === undefined && required ? "PMS is required." : contractMessages.pmsChoice,
  });

// A number the WhatsApp Send button can use (rules.ts whatsAppNumber), as the field's hint says:
// "98765" is refused here, by the form, the API and the import alike.
const mobileNumber = z.optional(
  z.string().check(
    singleLineCheck,
    z.trim(),
    z.maxLength(40, "At most 40 characters."),
    z.refine((value) => value === "" || whatsAppNumber(value).digits !== null, contractMessages.phone),
  ),
);

/** Validity to must not be before validity from (checked whenever both dates are readable). */
const validityInOrder = z.refine<{ validityFrom?: string; validityTo?: string }>(
  (value) => !value.validityFrom || !value.validityTo || value.validityTo >= value.validityFrom,
  {
    message: contractMessages.validityOrder,
    path: ["validityTo"],
    when: (payload) => {
      const value = payload.value as { validityFrom?: unknown; validityTo?: unknown };
      return [value?.validityFrom, value?.validityTo].every(
        (date) => date === undefined || (typeof date === "string" && isIsoDate(date.trim())),
      );
    },
  },
);

/** The fields with rules of their own, written out in the two schemas below. */
type Ruled = "equipment" | "company" | "validityFrom" | "validityTo" | "pms";
const RULED: readonly string[] = [
  "equipment",
  "company",
  "validityFrom",
  "validityTo",
  "pms",
] satisfies Ruled[];
type OptionalCheck = z.ZodMiniOptional<z.ZodMiniString<string>>;

/**
 * Every other field of the definition (record.ts), in its order: optional, checked by its own
 * rule (the mobile number) or by its kind, a date within the window or a one-line text.
 */
function optionalChecks() {
  const own: Partial<Record<ContractField, OptionalCheck>> = { mobileNumber };
  const shape: Record<string, OptionalCheck> = {};
  for (const name of contractRecord.names) {
    if (RULED.includes(name)) continue;
    const field = contractRecord.fields[name];
    shape[name] = own[name] ?? (field.kind === "date" ? z.optional(isoDate(field.label)) : optionalText());
  }
  return shape as Record<Exclude<ContractField, Ruled>, OptionalCheck>;
}

const optionalFields = optionalChecks();

/** /amcinsert and POST /api/equipment/add: equipment, company, validity and PMS are required. */
export const contractInsertSchema = z
  .object({
    equipment: requiredText("Equipment is required."),
    company: requiredText("Company is required."),
    validityFrom: isoDate("Validity From", "Validity from is required."),
    validityTo: isoDate("Validity To", "Validity to is required."),
    pms: pms(true),
    ...optionalFields,
  })
  .check(validityInOrder);

/** /amcupdate/{id} and PUT /api/equipment/updated/{id}: nothing required, values still checked. */
export const contractUpdateSchema = z
  .object({
    equipment: optionalText(),
    company: optionalText(),
    validityFrom: z.optional(isoDate("Validity From")),
    validityTo: z.optional(isoDate("Validity To")),
    pms: z.optional(pms(false)),
    ...optionalFields,
    version: z.optional(
      z.pipe(
        // Spaces alone are not a number (Number("  ") would read them as 0).
        z.transform((value: unknown) =>
          typeof value === "string" && value.trim() === "" ? Number.NaN : value,
        ),
        z.coerce
          .number({ error: "Version must be a whole number." })
          .check(z.int("Version must be a whole number.")),
      ),
    ),
  })
  .check(validityInOrder);

export type ContractInsert = z.infer<typeof contractInsertSchema>;
export type ContractUpdate = z.infer<typeof contractUpdateSchema>;

/** The flat fields of a contract, as the forms name them (record.ts). */
export const contractFields = contractRecord.names;
export type { ContractField };

/**
 * An /api body (legacy field names, `validity: {from, to}`) as the flat input the schemas read.
 * Only the fields present are returned; empty strings and nulls become undefined as in a form.
 * Numbers (a mobile number sent as a number) become text; timestamps are cut at the T, as the
 * legacy client did. A validity date sent flat (`validityFrom`) is read too, as it always was.
 */
export function toContractInput(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== "object" || Array.isArray(body)) return {};
  const source = body as Record<string, unknown>;
  const raw: Record<string, unknown> = fromWire(contractRecord, source);
  for (const key of ["validityFrom", "validityTo"] as const)
    if (!(key in raw) && key in source) raw[key] = source[key];
  if ("version" in source) raw.version = source.version;
  const input: Record<string, unknown> = {};
  for (const key of [...contractFields, "version"] as const) {
    if (!(key in raw)) continue;
    let value = raw[key];
    if (typeof value === "number" && key !== "version") value = String(value);
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) value = value.slice(0, 10);
    input[key] = value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
  }
  return input;
}

/** Where a flat field lives on the wire, for the /api 400 body. */
export const wireFieldName = (field: string) => wireName(contractRecord, field);

/** The first problem of a failed submission, for the 'Failed to …: {message}' texts. */
export function firstProblem(error: Record<string, string[] | null> | null | undefined): string {
  for (const messages of Object.values(error ?? {})) if (messages?.length) return messages[0];
  return "The form is not valid.";
}
