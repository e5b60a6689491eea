import * as z from "zod/mini";
import type { Movement, StockCard } from "#app/ledger/movements.server.ts";
import { describeFields, sameShape } from "#app/lib/endpoint.ts";
import { STOCK_ITEM_TYPES } from "#app/stock/item.ts";
import { API_KINDS, movementSchema, reversalSchema } from "#app/stock/schema.ts";

// The stock ledger's /api requests and answers (issue 17), for its handlers and the OpenAPI
// document alike; the movement's own fields are the form's schema (schema.ts).

/** A POST's `kind`, read before the movement's fields (their messages depend on it). */
export const movementKindSchema = z.object({
  kind: z.enum(API_KINDS, { error: `Kind must be one of ${API_KINDS.join(", ")}.` }),
});

/** The POST body as documented: the kind, then the movement form's fields (a receipt's shown). */
export const movementBodyDoc = z.object({
  ...movementKindSchema.shape,
  ...movementSchema("receipt", "9999-12-31").shape,
});

describeFields(
  movementBodyDoc,
  {
    movedOn: {
      type: "string",
      description: "The day it moved (YYYY-MM-DD), not after today; left out: today",
    },
    quantity: {
      type: ["number", "string"],
      description: "More than 0 (a count: the counted stock, 0 or more), at most 3 decimals",
    },
    reference: { type: "string", description: "A document number (GRN, indent …), at most 200 characters" },
    party: { type: "string", description: "Received from / issued to / counted by, at most 200 characters" },
    remark: { type: "string", description: "At most 500 characters" },
  },
  { required: ["kind", "quantity"] },
);
describeFields(reversalSchema, {
  remark: { type: "string", description: "Why it was wrong; at most 500 characters" },
});

export const stockItemParams = z.object({
  type: z
    .enum(STOCK_ITEM_TYPES)
    .check(z.describe("rack: a store rack item; spare: a department's spares line")),
  id: z.string().check(z.describe("The item's _id")),
});

export const movementParams = z.object({
  movementId: z.string().check(z.describe("The movement's id")),
});

export const stockCardQuery = z.object({
  format: z.optional(z.enum(["xlsx", "csv"]).check(z.describe("Download the card (the same range) instead"))),
  from: z.optional(z.string().check(z.describe("First day (YYYY-MM-DD); another value is ignored"))),
  to: z.optional(z.string().check(z.describe("Last day (YYYY-MM-DD); another value is ignored"))),
});

const text = z.nullable(z.string());

export const movement = z.strictObject({
  id: z.string(),
  item: z.strictObject({ type: z.enum(STOCK_ITEM_TYPES), id: z.string() }),
  movedOn: z.string(),
  kind: z.enum(["opening", "receipt", "issue", "count", "reversal"]),
  quantity: z.number(),
  counted: z.nullable(z.number()),
  reference: text,
  party: text,
  remark: text,
  reversesId: text,
  createdAt: z.string(),
  createdBy: text,
});
sameShape<z.output<typeof movement>, Movement>();

const cardRow = z.strictObject({
  ...movement.shape,
  balance: z.number(),
  /** For a reversal: the kind of the movement it takes back. */
  reversedKind: z.nullable(z.enum(["opening", "receipt", "issue", "count"])),
  enteredBy: text,
  reversedBy: z.nullable(z.strictObject({ id: z.string(), createdAt: z.string() })),
});

const card = z.strictObject({
  from: text,
  to: text,
  opening: z.number(),
  rows: z.array(cardRow),
  closing: z.number(),
});
// The API sends the whole range, unpaged: the page's paging fields are not in it.
sameShape<z.output<typeof card>, Omit<StockCard, "broughtForward" | "paging">>();

export const stockCardAnswer = z.strictObject({
  item: z.strictObject({
    type: z.enum(STOCK_ITEM_TYPES),
    id: z.string(),
    name: z.string(),
    inStock: z.number(),
  }),
  ...card.shape,
});

export const sampleMovement: z.output<typeof movement> = {
  id: "5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  item: { type: "rack", id: "9b2f4c1e-0a7d-4e3b-8f6a-1c2d3e4f5a6b" },
  movedOn: "2026-11-20",
  kind: "receipt",
  quantity: 10,
  counted: null,
  reference: "GRN 4471",
  party: "Main store",
  remark: null,
  reversesId: null,
  createdAt: "2026-11-20T10:02:00.000Z",
  createdBy: "0e1d2c3b-4a59-4867-9c5b-a4f3e2d1c0b9",
};
