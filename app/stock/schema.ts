import * as z from "zod/mini";
import { multiLine, singleLine } from "#app/lib/text.ts";
import { dateProblem, type EnteredKind, parseQuantity, type QuantityProblem } from "#app/stock/rules.ts";

// The movement forms (issue / receive / count) and the API's POST of a movement: one schema,
// run by Conform in the browser and again by the action and the API (the server's check is the
// one that counts; the stock check itself needs the item's movements and runs in
// app/stock/journal.server.ts).

export const MAX_TEXT = 200;
export const MAX_REMARK = 500;

const problems: Record<QuantityProblem, (label: string) => string> = {
  notNumber: (label) => `${label} must be a number.`,
  negative: (label) => `${label} cannot be below zero.`,
  decimals: (label) => `${label} can have at most 3 decimals.`,
  tooLarge: (label) => `${label} is too large.`,
};

/** The label of the quantity field of each form. */
export const QUANTITY_LABEL: Record<EnteredKind, string> = {
  issue: "Quantity issued",
  receipt: "Quantity received",
  count: "Counted stock",
  opening: "Opening stock",
};

/** The label of the party field: who the stock came from or went to. */
export const PARTY_LABEL: Record<EnteredKind, string> = {
  issue: "Issued to",
  receipt: "Received from",
  count: "Counted by",
  opening: "Received from",
};

// A bare transform so an absent key (a cleared input) still reaches it and says "required".
const quantity = (label: string, allowZero: boolean) =>
  z.transform((raw: unknown, ctx): number => {
    const parsed = parseQuantity(raw);
    if (parsed.kind === "ok" && (allowZero || parsed.value > 0)) return parsed.value;
    const message =
      parsed.kind === "blank"
        ? `${label} is required.`
        : parsed.kind === "invalid"
          ? problems[parsed.problem](label)
          : `${label} must be more than zero.`;
    ctx.issues.push({ code: "custom", message, input: raw });
    return z.NEVER;
  });

// Reference and party are one line (a line break is folded to a space); a remark, a <textarea>, keeps its lines.
const optionalText = (label: string, max: number, lines: "single" | "multi" = "single") =>
  z.optional(
    z.pipe(
      z.string(),
      z.transform((value, ctx): string | undefined => {
        const text = (lines === "multi" ? multiLine : singleLine)(value).trim();
        if (text.length > max) {
          ctx.issues.push({
            code: "custom",
            message: `${label} is too long (at most ${max} characters).`,
            input: value,
          });
          return z.NEVER;
        }
        return text || undefined;
      }),
    ),
  );

const movedOn = (today: string) =>
  z.transform((raw: unknown, ctx): string => {
    const value = typeof raw === "string" ? raw.trim() : undefined;
    const problem = dateProblem(value, today);
    if (!problem && value) return value;
    ctx.issues.push({ code: "custom", message: problem ?? "Date is required.", input: raw });
    return z.NEVER;
  });

/**
 * The form of one kind of movement, with the plant's `today` (a later date is refused).
 * Fields: movedOn, quantity (for a count, the counted figure), reference, party, remark.
 */
export function movementSchema(kind: EnteredKind, today: string) {
  return z.object({
    movedOn: movedOn(today),
    quantity: quantity(QUANTITY_LABEL[kind], kind === "count" || kind === "opening"),
    reference: optionalText("Reference", MAX_TEXT),
    party: optionalText(PARTY_LABEL[kind], MAX_TEXT),
    remark: optionalText("Remark", MAX_REMARK, "multi"),
  });
}

export type MovementFormValues = z.infer<ReturnType<typeof movementSchema>>;

/** The reversal form: only a remark (why it was wrong). */
export const reversalSchema = z.object({ remark: optionalText("Remark", MAX_REMARK, "multi") });

/** The kinds the API accepts in a POST (`kind` in the body). */
export const API_KINDS = ["receipt", "issue", "count"] as const;
