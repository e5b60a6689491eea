import * as z from "zod/mini";
import { MAX_FILE_NAME_LENGTH, MAX_FILE_NUMBER, RACK_NAMES } from "#app/file-index/rules.ts";
import { newFileSchema } from "#app/file-index/schema.ts";
import { describeFields, downloadQuery } from "#app/lib/endpoint.ts";

// The /api/racks… answers (the legacy API contract "Rack file": a file is exactly {_id, id, name}), for the
// OpenAPI document; the requests are the handlers' own schemas (schema.ts).

// A new file is read loosely (the number as a number or its text) and checked as a whole.
describeFields(
  (newFileSchema._zod.def as unknown as { in: { shape: Record<string, z.core.$ZodType> } }).in,
  {
    id: {
      type: ["integer", "string"],
      description: `The file's number, 1 to ${MAX_FILE_NUMBER}, unique in the rack`,
    },
    name: { type: "string", description: `At most ${MAX_FILE_NAME_LENGTH} characters` },
  },
  { required: ["id", "name"] },
);

export const rackNameParams = z.object({
  rackName: z.enum(RACK_NAMES).check(z.describe("The rack: Rack1A … Rack2D")),
});

export const fileParams = z.object({
  ...rackNameParams.shape,
  _id: z.string().check(z.describe("The file's _id")),
});

export const rackFilesQuery = downloadQuery({
  format: "Download the rack's files instead; the index's ?q= and sort then apply",
  q: "With format: the index's search",
});

export const apiFile = z.strictObject({ _id: z.string(), id: z.number(), name: z.string() });
export const rackDocument = z.strictObject({ name: z.enum(RACK_NAMES), files: z.array(apiFile) });
export const fileUpdated = z.strictObject({ message: z.string(), file: apiFile });

export const sampleFile: z.output<typeof apiFile> = {
  _id: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
  id: 14,
  name: "Cylinder test certificates 2026",
};
