import * as z from "zod/mini";
import { singleLineCheck } from "#app/lib/text-checks.ts";
import {
  isClosingStockAllowed,
  messages,
  parseQuantity,
  parseRackNumber,
  type QuantityProblem,
  RACK_COUNT,
} from "#app/store-racks/rules.ts";

// One schema per form (the legacy app "Rack insert and update"), used by the browser (Conform) and the
// action, and the /api twin that reads the legacy field name `receit`. A client's closingStock is
// never read: the server computes it (README difference 10).

const MAX_TEXT = 200;

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .check(
      singleLineCheck,
      z.trim(),
      z.minLength(1, `${label} is required.`),
      z.maxLength(MAX_TEXT, `${label} is too long (at most ${MAX_TEXT} characters).`),
    );

const problems: Record<QuantityProblem, (label: string) => string> = {
  notNumber: (label) => `${label} must be a number.`,
  negative: (label) => `${label} cannot be below zero.`,
  decimals: (label) => `${label} can have at most 3 decimals.`,
  tooLarge: (label) => `${label} is too large.`,
};

/**
 * A quantity ≥ 0 with up to 3 decimals, typed or sent as JSON. Blank is refused when required,
 * else it is the default 0 (the legacy app: issue and receit default to 0).
 */
// A bare transform (not a pipe from z.unknown()) so an absent key still reaches it: the form
// pipeline reads a cleared input as absent, and "required" must say so in the field's own words.
const quantity = (label: string, required: boolean) =>
  z.transform((raw: unknown, ctx): number => {
    const parsed = parseQuantity(raw);
    if (parsed.kind === "ok") return parsed.value;
    if (parsed.kind === "blank" && !required) return 0;
    const message = parsed.kind === "blank" ? `${label} is required.` : problems[parsed.problem](label);
    ctx.issues.push({ code: "custom", message, input: raw });
    return z.NEVER;
  });

/** The record's version as read (README difference 20); absent means "last write wins" (legacy API). */
const version = z.optional(
  z.transform((raw: unknown, ctx): number | undefined => {
    if (raw === undefined || raw === null || raw === "") return undefined;
    const value = typeof raw === "string" ? Number(raw.trim()) : raw;
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
    ctx.issues.push({ code: "custom", message: "Version must be a whole number.", input: raw });
    return z.NEVER;
  }),
);

const common = {
  section: requiredText("Section"),
  materialName: requiredText("Material name"),
  version,
};

const closingStockRule = <T extends { availableStock: number; issue: number; receit: number }>() =>
  z.refine<T>((value) => isClosingStockAllowed({ ...value, receipt: value.receit }), {
    message: messages.negativeClosingStock,
    path: ["closingStock"],
  });

/**
 * The insert form (issue 17): what the item is, where, and its opening stock, recorded as its
 * first movement. Issues and receipts are movements of their own after that.
 */
export const rackItemInsertSchema = z.object({
  section: common.section,
  materialName: common.materialName,
  availableStock: quantity("Opening stock", true),
});

/**
 * The same form reached from "All racks" (/insertproducts): the rack is chosen in the form.
 */
export const rackItemInsertAnyRackSchema = z.object({
  rackNumber: z.transform((raw: unknown, ctx): number => {
    const rackNumber = typeof raw === "string" ? parseRackNumber(raw) : null;
    if (rackNumber !== null) return rackNumber;
    const message = raw ? `Rack must be a number from 1 to ${RACK_COUNT}.` : "Rack is required.";
    ctx.issues.push({ code: "custom", message, input: raw });
    return z.NEVER;
  }),
  ...rackItemInsertSchema.shape,
});

/** The update form: what the item is (its stock changes only by movements). */
export const rackItemUpdateSchema = z.object(common);

/**
 * POST /api/rack/{n} and PUT /api/rackupdate/{n}/{_id}: the legacy figures with the wire name
 * `receit`, which the server turns into movements (the opening, then the differences).
 */
export const rackItemApiSchema = z
  .object({
    ...common,
    availableStock: quantity("Available stock", true),
    issue: quantity("Issue", false),
    receit: quantity("Receipt", false),
  })
  .check(closingStockRule());

/** What an item is; its figures go to the ledger. */
export type RackItemInput = { section: string; materialName: string };

/** The figures of the legacy API (this month's, as GET /api/rack/{n} shows them). */
export type RackFigures = { availableStock: number; issue: number; receipt: number };

export function fromApiInput({
  receit,
  version: _version,
  availableStock,
  issue,
  section,
  materialName,
}: z.infer<typeof rackItemApiSchema>) {
  return {
    item: { section, materialName } satisfies RackItemInput,
    figures: { availableStock, issue, receipt: receit },
  };
}
