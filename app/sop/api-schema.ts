import * as z from "zod/mini";
import { sameShape } from "#app/lib/endpoint.ts";
import { schemaFor } from "#app/sop/engine/schema.ts";
import type { FormatDefinition } from "#app/sop/engine/types.ts";
import { summaryOf } from "#app/sop/engine/values.ts";
import { formatOfLegacyApi, formats } from "#app/sop/formats/index.ts";
import type { toApiRecord } from "#app/sop/queries.server.ts";

// The /api/sop… and /api/checklist requests and answers, for the OpenAPI document: each format's
// body is the format's own schema (engine/schema.ts, the one its form and handlers parse with), and
// a record is that format's fields plus the record's own (queries.server.ts toApiRecord).

const recordOwn = {
  _id: z.string(),
  recordDate: z.string(),
  summary: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.nullable(z.string().check(z.describe("The e-mail of who entered it"))),
  updatedBy: z.nullable(z.string()),
};
type ApiRecord = ReturnType<typeof toApiRecord>;
const recordOwnAndFormat = { ...recordOwn, format: z.string() };
sameShape<
  z.output<z.ZodMiniObject<typeof recordOwnAndFormat>>,
  Pick<ApiRecord, keyof typeof recordOwnAndFormat>
>();

/** A record of one format as the API sends it. */
export function recordOf(definition: FormatDefinition) {
  const fields = (schemaFor(definition) as unknown as z.ZodMiniObject).shape;
  return z
    .strictObject({ ...fields, ...recordOwn, format: z.literal(definition.code) })
    .check(z.describe(`A ${definition.code} record (${definition.title})`));
}

/** A format's body, named for the reference page and the generated types. */
export const bodyOf = (definition: FormatDefinition) =>
  schemaFor(definition).check(z.describe(`${definition.code}: ${definition.title}`));

const [first, second, ...rest] = formats;
export const anyRecord = z.union([recordOf(first), recordOf(second), ...rest.map(recordOf)]);
export const anyBody = z.union([bodyOf(first), bodyOf(second), ...rest.map(bodyOf)]);

export const formatParams = z.object({
  format: z
    .enum(formats.map((definition) => definition.code) as [string, ...string[]])
    .check(z.describe("The format's code (any case: AS11, as10 …)")),
});

export const recordParams = z.object({
  ...formatParams.shape,
  id: z.string().check(z.describe("The record's _id")),
});

export const recordsQuery = z.object({
  from: z.optional(z.string().check(z.describe("Records dated on or after (YYYY-MM-DD)"))),
  to: z.optional(z.string().check(z.describe("Records dated on or before (YYYY-MM-DD)"))),
  text: z.optional(z.string().check(z.describe("Search the records' key fields"))),
  page: z.optional(z.string().check(z.describe("Page number, from 1 (50 records a page)"))),
  format: z.optional(
    z
      .enum(["xlsx", "csv"])
      .check(z.describe("Download every matching record instead (?q=/?text=, ?from=, ?to= apply)")),
  ),
});

export const recordPage = z.strictObject({
  format: z.string(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  records: z.array(anyRecord),
});

/** An AS11 checklist as a client sends it (the 15 criteria may be left short: they are padded). */
export const sampleAs11Body = {
  date: "2026-11-20",
  lorryNo: "KA-01-AB-1234",
  transporter: "Sri Balaji Roadways",
  criteria: [{ status: "Yes", remarks: "" }],
  driverSignature: "M. Prakash",
};

// The same checklist as it is stored and answered: read by the format's own schema.
const as11 = formatOfLegacyApi("/api/checklist");
const sampleAs11Data = schemaFor(as11).parse(sampleAs11Body) as Record<string, unknown>;

export const sampleAs11Record = {
  _id: "2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901",
  format: as11.code,
  ...sampleAs11Data,
  recordDate: "2026-11-20",
  summary: summaryOf(as11, sampleAs11Data),
  version: 1,
  createdAt: "2026-11-20T07:45:00.000Z",
  updatedAt: "2026-11-20T07:45:00.000Z",
  createdBy: "guard@plant.example",
  updatedBy: "guard@plant.example",
};
