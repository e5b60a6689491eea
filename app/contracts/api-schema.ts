import * as z from "zod/mini";
import type { Equipment } from "#app/contracts/queries.server.ts";
import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import { contractInsertSchema, contractUpdateSchema } from "#app/contracts/schema.ts";
import { type Answer, describeFields, downloadQuery, sameShape } from "#app/lib/endpoint.ts";
import { type WireOf, wireLayout } from "#app/lib/record.ts";

// The /api/equipment… requests and answers (the legacy API contract), for the OpenAPI document. A body is
// read into the forms' flat fields (schema.ts toContractInput) and checked by the forms' schemas;
// on the wire the two validity dates sit in `validity: {from, to}`, so the documented bodies are
// those same field schemas, arranged as the wire has them.

/**
 * A form schema's fields as a wire body has them: each under its wire name (record.ts), the
 * dotted ones (validity.from, validity.to) in their object after the flat ones.
 */
function onTheWire(shape: Readonly<Record<string, z.core.$ZodType>>, { required }: { required: boolean }) {
  const layout = wireLayout(contractRecord, Object.keys(shape));
  const flat = layout.filter(([, held]) => typeof held === "string");
  const groups = layout.filter(([, held]) => typeof held !== "string");
  return z.object(
    Object.fromEntries([
      ...flat.map(([key, name]) => [key, shape[name as string]]),
      ...groups.map(([key, group]) => {
        const object = z.object(
          Object.fromEntries(Object.entries(group).map(([inner, name]) => [inner, shape[name]])),
        );
        return [key, required ? object : z.optional(object)];
      }),
    ]),
  );
}

describeFields(contractUpdateSchema, {
  version: {
    type: ["integer", "string"],
    description: "The version read: a save over a newer one is refused (409)",
  },
});

export const equipmentAddBody = onTheWire(contractInsertSchema.shape, { required: true });
export const equipmentUpdateBody = onTheWire(contractUpdateSchema.shape, { required: false });

export const equipmentParams = z.object({ id: z.string().check(z.describe("The contract's _id")) });

export const equipmentListQuery = downloadQuery({
  format: "Download the list instead; /amc's ?q=, ?status= and sort then apply",
  q: "With format: /amc's search",
});

/** A contract's fields on the wire, each a string ("" when empty), nested as toWire nests them. */
function wireFields() {
  const leaf = (name: ContractField) => {
    const field = contractRecord.fields[name];
    return field.kind === "choice" && "choices" in field
      ? z.string().check(z.describe(`${field.choices.join(", ")}, or "" when not set`))
      : z.string();
  };
  const fields = Object.fromEntries(
    wireLayout(contractRecord).map(([key, held]) => [
      key,
      typeof held === "string"
        ? leaf(held as ContractField)
        : z.strictObject(
            Object.fromEntries(
              Object.entries(held).map(([inner, name]) => [inner, leaf(name as ContractField)]),
            ),
          ),
    ]),
  );
  return fields as unknown as {
    [K in keyof WireOf<typeof contractRecord>]: z.ZodMiniType<WireOf<typeof contractRecord>[K]>;
  };
}

const equipmentFields = z.strictObject({
  _id: z.string(),
  ...wireFields(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
sameShape<z.output<typeof equipmentFields>, Equipment>();

/** A contract as the API sends it: its fields and its status now (rules.ts contractState, both dates). */
export const equipment = z.strictObject({
  ...equipmentFields.shape,
  status: z.enum(["expired", "dueSoon", "fine"]),
});

export const equipmentList = z.array(equipment);

export const equipmentAdded = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  newEquipment: equipment,
});

/** The add endpoint's refusals carry the legacy `success: false` (its body reader's too). */
export const equipmentAddRefused = z.strictObject({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

export const addRefusal = (description: string, message: string): Answer => ({
  description,
  schema: equipmentAddRefused,
  example: { success: false, message },
});

/** A contract as a client sends it. */
export const sampleEquipmentInput = {
  equipment: "Weighbridge",
  company: "Avery Weigh-Tronix",
  validity: { from: "2026-04-01", to: "2027-03-31" },
  pms: "Quarterly",
  vendorCode: "V-1042",
  contractNumber: "AMC/2026/17",
  concernedPerson: "R. Kumar",
  mobileNumber: "+91 98450 12345",
  lastDateOfChecking: "2026-10-05",
  nextDueDate: "2027-01-05",
};

export const sampleEquipment: z.output<typeof equipment> = {
  _id: "c1d2e3f4-a5b6-4c7d-8e9f-a0b1c2d3e4f5",
  ...sampleEquipmentInput,
  version: 1,
  createdAt: "2026-04-01T08:00:00.000Z",
  updatedAt: "2026-10-05T11:30:00.000Z",
  status: "fine",
};
