import type { RouteConfigEntry } from "@remix-run/route-config";
import * as z from "zod/mini";
import {
  apiFile,
  fileParams,
  fileUpdated,
  rackDocument,
  rackFilesQuery,
  rackNameParams,
  sampleFile,
} from "#app/file-index/api-schema.ts";
import { duplicateMessage, messages } from "#app/file-index/rules.ts";
import { fileUpdateSchema, newFilesBodySchema } from "#app/file-index/schema.ts";
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
  route("rackadmin", "file-index/routes/rackadmin.tsx", { id: "file-index" }),
  route("rackadmin/racks/:rackName/:id", "file-index/routes/update-file.tsx", { id: "file-index-update" }),
  route("rackadmin/racks/:rackName/:id/delete", "file-index/routes/delete-file.tsx", {
    id: "file-index-delete",
  }),
  // Kept inside the shell (app/routes.ts is shared); print CSS hides the shell on paper.
  route("rackadmin/print/:cupboard", "file-index/routes/print-index.tsx", { id: "file-index-print" }),
];

// Resource routes (app/resources.ts): the index's download, ?format=xlsx|csv plus its search,
// ?rack= and sort. A static segment.
export const resources: RouteConfigEntry[] = [
  route("rackadmin/export", "file-index/routes/export.ts", { id: "export-file-index" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with the handlers' own schemas
// (schema.ts) and the answers of api-schema.ts.
const TAG = "File index";
const rackNotFound = messageAnswer("No such rack", messages.rackNotFound);
const fileNotFound = messageAnswer("No such rack, or no such file in it", messages.fileNotFound);
const filePath = `/api/racks/Rack1A/${sampleFile._id}`;
const etag = { etag: 'The file\'s version ("3"): send it back as If-Match, or as version in the body' };

export const endpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/api/racks/{rackName}",
    module: "file-index/routes/api-file-rack.ts",
    description: "The rack as [{name, files: [{_id, id, name}]}], files in number order (Rack1A…Rack2D)",
    operationId: "getRackFiles",
    tag: TAG,
    compatibility: "the answer is a list holding the one rack, as the legacy client expects.",
    params: rackNameParams,
    query: rackFilesQuery,
    example: { path: "/api/racks/Rack1A" },
    responses: signedIn({
      200: listOrDownload({
        description: "A list holding the rack and its files",
        schema: z.array(rackDocument),
        example: [{ name: "Rack1A", files: [sampleFile] }],
      }),
      400: badFormat,
      404: rackNotFound,
    }),
  },
  {
    method: "POST",
    path: "/api/racks/{rackName}",
    module: "file-index/routes/api-file-rack.ts",
    description: "Add files {files: [{id (number), name}]}; 201 {name, files}; 409 when the number is taken",
    operationId: "addRackFiles",
    tag: TAG,
    params: rackNameParams,
    body: newFilesBodySchema,
    example: { path: "/api/racks/Rack1A", body: { files: [{ id: sampleFile.id, name: sampleFile.name }] } },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "Added: the rack after the insert",
          schema: rackDocument,
          example: { name: "Rack1A", files: [sampleFile] },
        },
        404: rackNotFound,
        409: messageAnswer("A file number is taken in the rack", duplicateMessage("Rack1A", sampleFile.id)),
      }),
    ),
  },
  {
    method: "GET",
    path: "/api/racks/{rackName}/{_id}",
    module: "file-index/routes/api-file-rack-file.ts",
    description: "One file {_id, id, name}; its version in the ETag header",
    operationId: "getRackFile",
    tag: TAG,
    params: fileParams,
    example: { path: filePath },
    responses: signedIn({
      200: { description: "The file", schema: apiFile, example: sampleFile, headers: etag },
      404: fileNotFound,
    }),
  },
  {
    method: "PUT",
    path: "/api/racks/{rackName}/{_id}",
    module: "file-index/routes/api-file-rack-file.ts",
    description: "Rename {name (+ version or If-Match)}; {message, file}; 409 when changed meanwhile",
    operationId: "renameRackFile",
    tag: TAG,
    params: fileParams,
    body: fileUpdateSchema,
    example: { path: filePath, body: { name: "Cylinder test certificates 2026 (A)", version: 1 } },
    responses: signedIn(
      withJsonBody({
        200: {
          description: "Renamed",
          schema: fileUpdated,
          example: {
            message: messages.updated,
            file: { ...sampleFile, name: "Cylinder test certificates 2026 (A)" },
          },
          headers: etag,
        },
        404: fileNotFound,
        409: answers.stale,
      }),
    ),
  },
  {
    method: "DELETE",
    path: "/api/racks/{rackName}/{_id}",
    module: "file-index/routes/api-file-rack-file.ts",
    description: "Delete a file; {message}",
    operationId: "deleteRackFile",
    tag: TAG,
    params: fileParams,
    example: { path: filePath },
    responses: signedIn({
      200: messageAnswer("Deleted", messages.deleted),
      404: fileNotFound,
    }),
  },
];
