import type { RouteConfigEntry } from "@remix-run/route-config";
import { badFormat, type Endpoint, listOrDownload, signedIn, withJsonBody } from "#app/lib/endpoint.ts";
import { STALE_RECORD_MESSAGE } from "#app/lib/messages.ts";
import { route } from "#app/lib/route-entry.ts";
import {
  departmentParams,
  failureAnswer,
  lineDeleted,
  lineList,
  lineParams,
  lineSaved,
  listQuery,
  sampleLine,
  sampleLineInput,
  sparesLine,
} from "#app/spares/api-schema.ts";
import { duplicateSrnoMessage, messages, unknownDepartmentMessage } from "#app/spares/rules.ts";
import { lineChangesSchema, lineSchema } from "#app/spares/schema.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
// The three menu addresses and /products/{department} share one table module (README difference 15).
export const pages: RouteConfigEntry[] = [
  route("products", "spares/routes/list.tsx", { id: "inventory-list-electrician" }),
  route("firefight", "spares/routes/list.tsx", { id: "inventory-list-firefight" }),
  route("technician", "spares/routes/list.tsx", { id: "inventory-list-technician" }),
  route("products/:department", "spares/routes/list.tsx", { id: "inventory-list" }),
  // The whole searched/filtered table on paper, sent without JavaScript.
  route("products/:department/print", "spares/routes/print.tsx", { id: "inventory-print" }),
  // The table's Update and Delete address a line by serial number (see routes/line-by-srno.ts).
  route("products/:department/:srno/edit", "spares/routes/line-by-srno.ts", { id: "inventory-edit" }),
  // Without JavaScript, Delete is a link to this confirmation page; its action deletes.
  route("products/:department/:srno/delete", "spares/routes/delete.tsx", { id: "inventory-delete" }),
  // No department in the address: the page says 'Department is not specified' (the legacy app).
  route("insertproduct", "spares/routes/insert.tsx", { id: "inventory-insert-no-department" }),
  route("insertproduct/:department", "spares/routes/insert.tsx", { id: "inventory-insert" }),
  route("updateproduct/:department/:id", "spares/routes/update.tsx", { id: "inventory-update" }),
];

// The list's download (issue 18): a resource route (app/resources.ts), ?format=xlsx|csv plus the
// list's own search and filters. The static segment ranks above the :srno routes.
export const resources: RouteConfigEntry[] = [
  route("products/:department/export", "spares/routes/export.ts", { id: "export-inventory" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with the handlers' own schemas
// (schema.ts) and the answers of api-schema.ts.
// {department} is Electrician, FireFight or Technician (exact case).
const TAG = "Spares (department tables)";
const linePath = (verb: string) => `/api/Electrician/${verb}/${sampleLine._id}`;
const notFound = failureAnswer("No such department, or no such line in it", messages.notFound);

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/{department}/product",
    module: "spares/routes/api-list.ts",
    description: "A department's spare-parts lines, sorted by srno: {success, users}",
    operationId: "listLines",
    tag: TAG,
    compatibility: "the list is under `users` (and `success: true` beside it), as the legacy server sent it.",
    params: departmentParams,
    query: listQuery,
    example: { path: "/api/Electrician/product" },
    responses: signedIn({
      200: listOrDownload({
        description: "The lines (an empty department: [])",
        schema: lineList,
        example: { success: true, users: [sampleLine] },
      }),
      400: badFormat,
      404: failureAnswer("No such department", unknownDepartmentMessage("Plumber")),
    }),
  },
  {
    method: "GET",
    path: "/api/{department}/product/{id}",
    module: "spares/routes/api-item.ts",
    description: "One spare-parts line",
    operationId: "getLine",
    tag: TAG,
    params: lineParams,
    example: { path: linePath("product") },
    responses: signedIn({
      200: { description: "The line", schema: sparesLine, example: sampleLine },
      404: notFound,
    }),
  },
  {
    method: "POST",
    path: "/api/{department}/create",
    module: "spares/routes/api-create.ts",
    description:
      "Add a line (srno, Assets, ComponentsAndEquipments, AvailableStock, MinStock, LeadTime); AvailableStock is its opening movement. StatusofOrder is derived from the stock: a value sent is ignored",
    operationId: "createLine",
    tag: TAG,
    compatibility:
      "capitalised field names (Assets, AvailableStock, StatusofOrder …) and `Message` beside `message`. Numbers may be sent as text; ExcessShortFall and StatusofOrder are derived from the stock, never read (a StatusofOrder sent is accepted and ignored).",
    params: departmentParams,
    body: lineSchema,
    example: { path: "/api/Electrician/create", body: sampleLineInput },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "Added",
          schema: lineSaved,
          example: { success: true, Message: messages.created, product: sampleLine },
        },
        400: failureAnswer("A field is missing or not valid (every problem by field)", messages.required, {
          orBodyReader: true,
        }),
        404: failureAnswer("No such department", unknownDepartmentMessage("Plumber")),
        409: failureAnswer(
          "The serial number is taken in the department",
          duplicateSrnoMessage(12, "Electrician"),
        ),
      }),
    ),
  },
  {
    method: "PUT",
    path: "/api/{department}/update/{id}",
    module: "spares/routes/api-update.ts",
    description:
      "Change a line; send version to refuse a stale save (409); a new AvailableStock is recorded as a stock count",
    operationId: "updateLine",
    tag: TAG,
    compatibility:
      "capitalised field names and `Message` beside `message`; fields left out keep their values.",
    params: lineParams,
    body: lineChangesSchema,
    example: { path: linePath("update"), body: { MinStock: 8, version: 1 } },
    responses: signedIn(
      withJsonBody({
        200: {
          description: "Changed",
          schema: lineSaved,
          example: {
            success: true,
            Message: messages.updated,
            product: { ...sampleLine, MinStock: 8, version: 2 },
          },
        },
        400: failureAnswer("A field is not valid, or the stock count cannot be recorded", messages.required, {
          orBodyReader: true,
        }),
        404: notFound,
        409: failureAnswer(
          "The version sent is not the stored one, or the serial number is taken",
          STALE_RECORD_MESSAGE,
        ),
      }),
    ),
  },
  {
    method: "DELETE",
    path: "/api/{department}/delete/{id}",
    module: "spares/routes/api-delete.ts",
    description: "Delete a line",
    operationId: "deleteLine",
    tag: TAG,
    params: lineParams,
    example: { path: linePath("delete") },
    responses: signedIn({
      200: {
        description: "Deleted",
        schema: lineDeleted,
        example: { success: true, message: messages.deleted },
      },
      404: notFound,
    }),
  },
];
