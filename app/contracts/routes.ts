import type { RouteConfigEntry } from "@remix-run/route-config";
import {
  addRefusal,
  equipment,
  equipmentAddBody,
  equipmentAdded,
  equipmentList,
  equipmentListQuery,
  equipmentParams,
  equipmentUpdateBody,
  sampleEquipment,
  sampleEquipmentInput,
} from "#app/contracts/api-schema.ts";
import { contractMessages } from "#app/contracts/schema.ts";
import {
  answers,
  badFormat,
  type Endpoint,
  listOrDownload,
  messageAnswer,
  signedIn,
  withJsonBody,
} from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("amc", "contracts/routes/list.tsx", { id: "contracts/list" }),
  // The whole searched/filtered list on paper, sent without JavaScript.
  route("amc/print", "contracts/routes/print.tsx", { id: "contracts/print" }),
  route("amcinsert", "contracts/routes/insert.tsx", { id: "contracts/insert" }),
  route("amcupdate/:id", "contracts/routes/update.tsx", { id: "contracts/update" }),
  route("amc/:id/delete", "contracts/routes/delete.tsx", { id: "contracts/delete" }),
  route("alerts", "shell/routes/alerts.tsx", { id: "shell/alerts" }),
];

// Resource routes (app/resources.ts): the list's download, ?format=xlsx|csv plus /amc's search,
// filter and sort. A static segment, so it ranks above amc/:id/delete.
export const resources: RouteConfigEntry[] = [
  route("amc/export", "contracts/routes/export.ts", { id: "export-contracts" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with the forms' own field schemas
// (schema.ts, arranged as the wire has them in api-schema.ts).
const TAG = "Maintenance contracts";
const notFound = messageAnswer("No such contract", contractMessages.notFound);
const samplePath = (verb: string) => `/api/equipment/${verb}/${sampleEquipment._id}`;

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/equipment/get",
    module: "contracts/routes/api-list.ts",
    description: "All maintenance contracts (equipment records, each with status: expired, dueSoon or fine)",
    operationId: "listContracts",
    tag: TAG,
    query: equipmentListQuery,
    example: { path: "/api/equipment/get" },
    responses: signedIn({
      200: listOrDownload({
        description: "Every contract",
        schema: equipmentList,
        example: [sampleEquipment],
      }),
      400: badFormat,
    }),
  },
  {
    method: "GET",
    path: "/api/equipment/get/{id}",
    module: "contracts/routes/api-get.ts",
    description: "One maintenance contract, as a list holding the record",
    operationId: "getContract",
    tag: TAG,
    compatibility: "the answer is a list holding the one contract, as the legacy client expects.",
    params: equipmentParams,
    example: { path: samplePath("get") },
    responses: signedIn({
      200: { description: "A list holding the contract", schema: equipmentList, example: [sampleEquipment] },
      404: notFound,
    }),
  },
  {
    method: "POST",
    path: "/api/equipment/add",
    module: "contracts/routes/api-add.ts",
    description:
      "Add a contract: {equipment, company, validity: {from, to}, pms, vendorCode, contractNumber, concernedPerson, mobileNumber, lastDateOfChecking, nextDueDate}",
    operationId: "addContract",
    tag: TAG,
    compatibility:
      "answers carry `success` (and the new record as `newEquipment`); dates may be sent as timestamps (cut at the T).",
    body: equipmentAddBody,
    example: { path: "/api/equipment/add", body: sampleEquipmentInput },
    responses: signedIn({
      201: {
        description: "Added",
        schema: equipmentAdded,
        example: { success: true, message: contractMessages.added, newEquipment: sampleEquipment },
      },
      400: addRefusal(
        "A field is missing or not valid (every problem by its wire name)",
        "Equipment is required.",
      ),
      413: addRefusal("The body is over 1 MB", "The request is too large (the limit is 1 MB)."),
      415: addRefusal(
        "The body is not sent as JSON",
        "Send the body as JSON (content-type: application/json).",
      ),
    }),
  },
  {
    method: "PUT",
    path: "/api/equipment/updated/{id}",
    module: "contracts/routes/api-update.ts",
    description: "Update a contract (fields left out are kept; send version to refuse a stale save)",
    operationId: "updateContract",
    tag: TAG,
    compatibility: 'the address is /api/equipment/updated/{id}; null or "" clears an optional field.',
    params: equipmentParams,
    body: equipmentUpdateBody,
    example: { path: samplePath("updated"), body: { nextDueDate: "2027-01-12", version: 1 } },
    responses: signedIn(
      withJsonBody({
        200: {
          description: "Updated",
          schema: equipment,
          example: { ...sampleEquipment, nextDueDate: "2027-01-12", version: 2 },
        },
        404: notFound,
        409: answers.stale,
      }),
    ),
  },
  {
    method: "DELETE",
    path: "/api/equipment/delete/{id}",
    module: "contracts/routes/api-delete.ts",
    description: "Delete a contract",
    operationId: "deleteContract",
    tag: TAG,
    params: equipmentParams,
    example: { path: samplePath("delete") },
    responses: signedIn({
      200: messageAnswer("Deleted", contractMessages.deleted),
      404: notFound,
    }),
  },
];
