import type { RouteConfigEntry } from "@remix-run/route-config";
import {
  movement,
  movementBodyDoc,
  movementParams,
  sampleMovement,
  stockCardAnswer,
  stockCardQuery,
  stockItemParams,
} from "#app/ledger/api-schema.ts";
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
import { messages } from "#app/stock/rules.ts";
import { reversalSchema } from "#app/stock/schema.ts";

// The stock ledger's routes (issue 17); app/routes.ts composes them. `:type` is rack | spare.
// The three movement forms are one module (the last segment says which form).
export const pages: RouteConfigEntry[] = [
  route("stock/:type/:id", "ledger/routes/card.tsx", { id: "stock-card" }),
  route("stock/:type/:id/print", "ledger/routes/card-print.tsx", { id: "stock-card-print" }),
  route("stock/:type/:id/issue", "ledger/routes/movement.tsx", { id: "stock-issue" }),
  route("stock/:type/:id/receive", "ledger/routes/movement.tsx", { id: "stock-receive" }),
  route("stock/:type/:id/count", "ledger/routes/movement.tsx", { id: "stock-count" }),
  route("stock/:type/:id/reverse/:movementId", "ledger/routes/reverse.tsx", { id: "stock-reverse" }),
];

// An item's stock card as a file (issue 18): a resource route (app/resources.ts), ?format=xlsx|csv&from=&to=.
export const resources: RouteConfigEntry[] = [
  route("stock/:type/:id/export", "ledger/routes/export.ts", { id: "export-stock-card" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with the handlers' own schemas
// (schema.ts, api-schema.ts).
const TAG = "Stock ledger";
const itemPath = `/api/stock/rack/${sampleMovement.item.id}/movements`;
const noItem = messageAnswer("The address names no item", "Stock item not found");

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/stock/{type}/{id}/movements",
    module: "ledger/routes/api-movements.ts",
    description:
      "Stock card of a rack item (type rack) or spares line (type spare): movements with running balance; ?from=&to=; ?format=xlsx|csv: the card as a download",
    operationId: "getStockCard",
    tag: TAG,
    params: stockItemParams,
    query: stockCardQuery,
    example: { path: `${itemPath}?from=2026-11-01&to=2026-11-30` },
    responses: signedIn({
      200: listOrDownload({
        description: "The item and its movements in date order, each with the balance after it",
        schema: stockCardAnswer,
        example: {
          item: { type: "rack", id: sampleMovement.item.id, name: "Valve spindle", inStock: 25 },
          from: "2026-11-01",
          to: "2026-11-30",
          opening: 15,
          rows: [
            { ...sampleMovement, balance: 25, reversedKind: null, enteredBy: "Staff", reversedBy: null },
          ],
          closing: 25,
        },
      }),
      400: badFormat,
      404: noItem,
    }),
  },
  {
    method: "POST",
    path: "/api/stock/{type}/{id}/movements",
    module: "ledger/routes/api-movements.ts",
    description: "Record a movement {kind: receipt|issue|count, movedOn, quantity, reference, party, remark}",
    operationId: "recordMovement",
    tag: TAG,
    params: stockItemParams,
    body: movementBodyDoc,
    example: {
      path: itemPath,
      body: {
        kind: "receipt",
        movedOn: "2026-11-20",
        quantity: 10,
        reference: "GRN 4471",
        party: "Main store",
      },
    },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "Recorded (movedOn left out: the plant's today); a count records the difference",
          schema: movement,
          example: sampleMovement,
        },
        400: {
          ...answers.invalid,
          description: "A field is not valid, or the stock would go below zero on some day",
          example: {
            message: "Only 3 in stock on 21/11/2026.",
            errors: { quantity: ["Only 3 in stock on 21/11/2026."] },
          },
        },
        404: noItem,
      }),
    ),
  },
  {
    method: "POST",
    path: "/api/stock/movements/{movementId}/reverse",
    module: "ledger/routes/api-reverse.ts",
    description: "Reverse a movement {remark}; a movement is reversed at most once",
    operationId: "reverseMovement",
    tag: TAG,
    params: movementParams,
    body: reversalSchema,
    bodyOptional: true,
    example: { path: `/api/stock/movements/${sampleMovement.id}/reverse`, body: { remark: "Entered twice" } },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "The reversal: the opposite quantity, dated as the movement it reverses",
          schema: movement,
          example: {
            ...sampleMovement,
            id: "6e7f8091-2b3c-4d4e-9f0a-1b2c3d4e5f60",
            kind: "reversal",
            quantity: -10,
            remark: "Entered twice",
            reversesId: sampleMovement.id,
          },
        },
        404: messageAnswer("No such movement", "Movement not found"),
        409: messageAnswer(
          "Already reversed, a reversal itself, or the stock cannot bear taking it back",
          messages.alreadyReversed,
        ),
      }),
    ),
  },
];
