import * as z from "zod/mini";
import { type Answer, describeFields, downloadQuery, messageBody, sameShape } from "#app/lib/endpoint.ts";
import type { SparesLine } from "#app/spares/queries.server.ts";
import { AVAILABLE, DEPARTMENTS, ORDER_TO_PLACE } from "#app/spares/rules.ts";
import { lineSchema, MAX_LEAD_TIME_DAYS, MAX_QUANTITY, MAX_SRNO, MAX_TEXT } from "#app/spares/schema.ts";

// The /api/{department}/… answers (the legacy API contract "Records", legacy field names), described for
// the OpenAPI document (routes.ts `endpoints`); the requests are the handlers' own schemas
// (schema.ts). sameShape ties each answer to the type the queries return.

// The fields are read by transforms (a number or its text, blank → the all-fields message): say
// what each takes. lineChangesSchema (PUT) holds the same field schemas, each optional.
const number = ["number", "string"];
describeFields(lineSchema, {
  srno: {
    type: number,
    description: `Serial number: a whole number, 1 to ${MAX_SRNO}, unique in the department`,
  },
  Assets: { type: ["string", "number"], description: `Text, at most ${MAX_TEXT} characters` },
  ComponentsAndEquipments: {
    type: ["string", "number"],
    description: `Text, at most ${MAX_TEXT} characters`,
  },
  AvailableStock: {
    type: number,
    description: `0 to ${MAX_QUANTITY}, at most 3 decimals; on create the line's opening stock, on update recorded as a stock count`,
  },
  MinStock: { type: number, description: `0 to ${MAX_QUANTITY}, at most 3 decimals` },
  LeadTime: { type: number, description: `Days, 0 to ${MAX_LEAD_TIME_DAYS}, at most 1 decimal` },
  StatusofOrder: {
    description:
      "Ignored: the status is derived from the stock (Order to place when AvailableStock − MinStock ≤ 0, else Available); a value sent is accepted and not kept",
  },
  version: { type: number, description: "The version read: a save over a newer one is refused (409)" },
});

export const departmentParams = z.object({
  department: z.enum(DEPARTMENTS).check(z.describe("The department, exact case")),
});

export const lineParams = z.object({
  ...departmentParams.shape,
  id: z.string().check(z.describe("The line's _id (a UUID; anything else is not found)")),
});

export const listQuery = downloadQuery({
  format: "Download the table instead; the table page's ?q=, filters and sort then apply",
  q: "With format: the table page's search",
});

export const sparesLine = z.strictObject({
  _id: z.string(),
  srno: z.number(),
  Assets: z.string(),
  ComponentsAndEquipments: z.string(),
  AvailableStock: z.number(),
  MinStock: z.number(),
  LeadTime: z.number(),
  ExcessShortFall: z.number(),
  StatusofOrder: z
    .enum([ORDER_TO_PLACE, AVAILABLE])
    .check(
      z.describe(
        "Derived from the stock, never stored: Order to place when AvailableStock − MinStock ≤ 0 (ExcessShortFall), else Available",
      ),
    ),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
sameShape<z.output<typeof sparesLine>, SparesLine>();

export const lineList = z.strictObject({ success: z.literal(true), users: z.array(sparesLine) });
export const lineSaved = z.strictObject({
  success: z.literal(true),
  Message: z.string(),
  product: sparesLine,
});
export const lineDeleted = z.strictObject({ success: z.literal(true), message: z.string() });

/** A refusal (api-shared.server.ts `failure`): the legacy `success: false` and `Message` beside `message`. */
export const sparesFailure = z.strictObject({
  success: z.literal(false),
  Message: z.string(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

/** A line as a client sends it (ExcessShortFall and StatusofOrder are derived, never read). */
export const sampleLineInput = {
  srno: 12,
  Assets: "Filling carousel",
  ComponentsAndEquipments: "Motor bearing 6205",
  AvailableStock: 4,
  MinStock: 6,
  LeadTime: 15,
};

export const sampleLine: z.output<typeof sparesLine> = {
  _id: "3f0c8a52-6d1e-4b7a-9c1d-2a4e5f607182",
  ...sampleLineInput,
  ExcessShortFall: -2,
  StatusofOrder: ORDER_TO_PLACE,
  version: 1,
  createdAt: "2026-11-02T09:15:00.000Z",
  updatedAt: "2026-11-02T09:15:00.000Z",
};

/** An inventory refusal (404 and 409), or a 400 from the body reader (`{message}` only) as well. */
export function failureAnswer(description: string, message: string, { orBodyReader = false } = {}): Answer {
  return {
    description,
    schema: orBodyReader ? z.union([sparesFailure, messageBody]) : sparesFailure,
    example: { success: false, Message: message, message },
  };
}
