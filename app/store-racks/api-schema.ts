import * as z from "zod/mini";
import { describeFields, downloadQuery, sameShape } from "#app/lib/endpoint.ts";
import type { RackItem } from "#app/store-racks/queries.server.ts";
import { RACK_COUNT } from "#app/store-racks/rules.ts";
import { rackItemApiSchema } from "#app/store-racks/schema.ts";

// The /api/rack… answers (the legacy API contract "Records": `receit` as the legacy client spells it),
// described for the OpenAPI document; the requests are the handlers' own schema (schema.ts).

// The figures are read by transforms (a number or its text): say what each takes, and that issue
// and receit may be left out (0).
const quantity = (meaning: string) => ({
  type: ["number", "string"],
  description: `${meaning}: 0 or more, at most 3 decimals`,
});
describeFields(
  rackItemApiSchema,
  {
    availableStock: quantity("The stock at the start of the month (on create: the opening)"),
    issue: quantity("Issued this month; left out: 0"),
    receit: quantity("Received this month (the legacy spelling); left out: 0"),
    version: {
      type: ["number", "string"],
      description: "The version read: a save over a newer one is refused (409)",
    },
  },
  { required: ["section", "materialName", "availableStock"] },
);

export const rackParams = z.object({
  rackNumber: z
    .string()
    .check(z.describe(`The rack: 1 to ${RACK_COUNT} ("rack7" is read as 7); another is a 404`)),
});

export const rackItemParams = z.object({
  ...rackParams.shape,
  _id: z.string().check(z.describe("The item's _id")),
});

export const rackListQuery = downloadQuery({
  format: "Download the rack instead; the racks page's ?q= and sort then apply",
  q: "With format: the racks page's search",
});

export const rackItem = z.strictObject({
  _id: z.string(),
  rackNumber: z.number(),
  section: z.string(),
  materialName: z.string(),
  availableStock: z.number(),
  issue: z.number(),
  receit: z.number(),
  closingStock: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
sameShape<z.output<typeof rackItem>, RackItem>();

export const rackItems = z.array(rackItem);

/** An item as a client sends it. */
export const sampleRackItemInput = {
  section: "Shelf B",
  materialName: "Valve spindle",
  availableStock: 20,
  issue: 5,
  receit: 10,
};

export const sampleRackItem: z.output<typeof rackItem> = {
  _id: "9b2f4c1e-0a7d-4e3b-8f6a-1c2d3e4f5a6b",
  rackNumber: 7,
  ...sampleRackItemInput,
  closingStock: 25,
  version: 1,
  createdAt: "2026-11-02T09:15:00.000Z",
  updatedAt: "2026-11-02T09:15:00.000Z",
};
