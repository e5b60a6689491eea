import type { RouteConfigEntry } from "@remix-run/route-config";
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
import {
  rackItem,
  rackItemParams,
  rackItems,
  rackListQuery,
  rackParams,
  sampleRackItem,
  sampleRackItemInput,
} from "#app/store-racks/api-schema.ts";
import { messages } from "#app/store-racks/rules.ts";
import { rackItemApiSchema } from "#app/store-racks/schema.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("about", "store-racks/routes/racks.tsx", { id: "store-racks" }),
  // The whole searched/filtered list on paper, sent without JavaScript.
  route("about/print", "store-racks/routes/print.tsx", { id: "store-racks-print" }),
  route("about/:rackNumber/:id/delete", "store-racks/routes/delete.tsx", { id: "store-racks-delete" }),
  // Without a rack number (from "All racks") the form asks for the rack.
  route("insertproducts/:rackNumber?", "store-racks/routes/insert.tsx", { id: "store-racks-insert" }),
  route("rackupdate/:rackNumber/:id", "store-racks/routes/update.tsx", { id: "store-racks-update" }),
];

// The racks' download (issue 18): a resource route (app/resources.ts), ?format=xlsx|csv plus the
// page's search, rack and period.
export const resources: RouteConfigEntry[] = [
  route("about/export", "store-racks/routes/export.ts", { id: "export-store-racks" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with the handler's own schema
// (schema.ts) and the answers of api-schema.ts.
const TAG = "Store racks";
const RECEIT =
  "the receipt figure is spelled `receit`, as the legacy client spells it (the racks page says Receipt).";
const rackNotFound = answers.notFound("Rack not found");
const itemNotFound = messageAnswer("No such rack, or no such item on it", "Rack item not found");
const sampleItemPath = `/api/rack/7/${sampleRackItem._id}`;

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/rack/{rackNumber}",
    module: "store-racks/routes/api-store-rack.ts",
    description: "Items of a store rack (1–24; rack7 = 7)",
    operationId: "listRackItems",
    tag: TAG,
    compatibility: RECEIT,
    params: rackParams,
    query: rackListQuery,
    example: { path: "/api/rack/7" },
    responses: signedIn({
      200: listOrDownload({
        description: "The rack's items with this month's figures",
        schema: rackItems,
        example: [sampleRackItem],
      }),
      400: badFormat,
      404: rackNotFound,
    }),
  },
  {
    method: "POST",
    path: "/api/rack/{rackNumber}",
    module: "store-racks/routes/api-store-rack.ts",
    description:
      "Add an item {section, materialName, availableStock, issue, receit}; closingStock is computed",
    operationId: "addRackItem",
    tag: TAG,
    compatibility: RECEIT,
    params: rackParams,
    body: rackItemApiSchema,
    example: { path: "/api/rack/7", body: sampleRackItemInput },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "Added; availableStock is its opening, issue and receit its first movements",
          schema: rackItem,
          example: sampleRackItem,
        },
        404: rackNotFound,
      }),
    ),
  },
  {
    method: "GET",
    path: "/api/rack/{rackNumber}/{_id}",
    module: "store-racks/routes/api-store-rack-item.ts",
    description: "One rack item, as a list of one",
    operationId: "getRackItem",
    tag: TAG,
    compatibility: `the answer is a list holding the one item, as the legacy client expects; ${RECEIT}`,
    params: rackItemParams,
    example: { path: sampleItemPath },
    responses: signedIn({
      200: { description: "A list holding the item", schema: rackItems, example: [sampleRackItem] },
      404: itemNotFound,
    }),
  },
  {
    method: "DELETE",
    path: "/api/rack/{rackNumber}/{_id}",
    module: "store-racks/routes/api-store-rack-item.ts",
    description: "Delete a rack item",
    operationId: "deleteRackItem",
    tag: TAG,
    params: rackItemParams,
    example: { path: sampleItemPath },
    responses: signedIn({
      200: messageAnswer("Deleted", messages.deleted),
      404: itemNotFound,
    }),
  },
  {
    method: "PUT",
    path: "/api/rackupdate/{rackNumber}/{_id}",
    module: "store-racks/routes/api-store-rack-update.ts",
    description: "Update a rack item (the six fields + optional version; 409 when stale)",
    operationId: "updateRackItem",
    tag: TAG,
    compatibility: `the address is /api/rackupdate/…, not /api/rack/…; ${RECEIT}`,
    params: rackItemParams,
    body: rackItemApiSchema,
    example: {
      path: `/api/rackupdate/7/${sampleRackItem._id}`,
      body: { ...sampleRackItemInput, issue: 6, version: 1 },
    },
    responses: signedIn(
      withJsonBody({
        200: {
          description: "Updated: the differences are recorded as this month's movements",
          schema: rackItem,
          example: { ...sampleRackItem, issue: 6, closingStock: 24, version: 2 },
        },
        404: itemNotFound,
        409: answers.stale,
      }),
    ),
  },
];
