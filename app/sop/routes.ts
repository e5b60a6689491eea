import type { RouteConfigEntry } from "@remix-run/route-config";
import * as z from "zod/mini";
import { NOT_YOURS_TODAY_MESSAGE } from "#app/auth/permissions.ts";
import {
  answers,
  type Endpoint,
  listOrDownload,
  messageAnswer,
  signedIn,
  withJsonBody,
} from "#app/lib/endpoint.ts";
import { route } from "#app/lib/route-entry.ts";
import {
  anyBody,
  anyRecord,
  bodyOf,
  formatParams,
  recordPage,
  recordParams,
  recordsQuery,
  sampleAs11Body,
  sampleAs11Record,
} from "#app/sop/api-schema.ts";
import { formats } from "#app/sop/formats/index.ts";
import { DELETED_MESSAGE, SAVED_MESSAGE } from "#app/sop/paths.ts";

// This feature's routes; app/routes.ts composes them. `pages` sit inside the signed-in shell.
// One dynamic `:format` segment serves every format (/AS11, /as10, …, any case); the loader
// answers 404 for a name that is not a format. Static routes of other features rank above it.
export const pages: RouteConfigEntry[] = [
  route("adminandsecurity", "sop/routes/hub.tsx", { id: "sop-hub" }),
  route(":format", "sop/routes/form.tsx", { id: "sop-form" }),
  route(":format/records", "sop/routes/records.tsx", { id: "sop-records" }),
  // The whole searched list on paper, sent without JavaScript (ranks above :id, a static segment).
  route(":format/records/print", "sop/routes/records-print.tsx", { id: "sop-records-print" }),
  route(":format/records/:id", "sop/routes/record.tsx", { id: "sop-record" }),
  route(":format/records/:id/edit", "sop/routes/edit.tsx", { id: "sop-edit" }),
  route(":format/records/:id/print", "sop/routes/print.tsx", { id: "sop-print" }),
  route(":format/records/:id/delete", "sop/routes/delete.tsx", { id: "sop-delete" }),
];

// The records list's download (issue 18), a resource route (app/resources.ts) beside the list.
export const resources: RouteConfigEntry[] = [
  route(":format/records/export", "sop/routes/export.ts", { id: "export-sop-records" }),
];

// The /api operations, each declared once (lib/endpoint.ts), with each format's own schema
// (engine/schema.ts) and the answers of api-schema.ts.
// {format} is any code in formats/index.ts (any case); a format's older address is its `legacyApi`.
const TAG = "SOP records";
const formatNotFound = messageAnswer("No such format", "Format not found");
const notFound = messageAnswer("No such format, or no such record of it", "Record not found");
const recordPath = `/api/sop/AS11/${sampleAs11Record._id}`;
const notYours = messageAnswer(
  "The role may not, or a guard's record that is not their own of today",
  NOT_YOURS_TODAY_MESSAGE,
);
const saved = z.strictObject({ message: z.string(), _id: z.string() });

export const endpoints: Endpoint[] = [
  ...formats.flatMap((definition): Endpoint[] =>
    definition.legacyApi
      ? [
          {
            method: "POST",
            path: definition.legacyApi.path,
            module: "sop/routes/api-checklist.ts",
            description: definition.legacyApi.description,
            operationId: `save${definition.code}Legacy`,
            tag: TAG,
            compatibility: `the legacy client's address for ${definition.code} records; /api/sop/${definition.code} does the same and answers the record too.`,
            body: bodyOf(definition),
            example: { path: definition.legacyApi.path, body: sampleAs11Body },
            responses: signedIn(
              withJsonBody({
                201: {
                  description: "Saved",
                  schema: saved,
                  example: { message: SAVED_MESSAGE, _id: sampleAs11Record._id },
                },
              }),
            ),
          },
        ]
      : [],
  ),
  {
    method: "GET",
    path: "/api/sop/{format}",
    module: "sop/routes/api-records.ts",
    description: "Records of a format, newest first: ?from=&to= (YYYY-MM-DD), ?text=, ?page= (50 a page)",
    operationId: "listSopRecords",
    tag: TAG,
    params: formatParams,
    query: recordsQuery,
    example: { path: "/api/sop/AS11?from=2026-11-01&text=KA-01" },
    responses: signedIn({
      200: listOrDownload({
        description: "One page of the format's records",
        schema: recordPage,
        example: { format: "AS11", total: 1, page: 1, pageSize: 50, records: [sampleAs11Record] },
      }),
      400: {
        ...answers.invalid,
        description: "A date is not YYYY-MM-DD, or ?format= is neither xlsx nor csv",
        example: {
          message: "Enter a date as YYYY-MM-DD.",
          errors: { from: ["Enter a date as YYYY-MM-DD."] },
        },
      },
      404: formatNotFound,
    }),
  },
  {
    method: "POST",
    path: "/api/sop/{format}",
    module: "sop/routes/api-records.ts",
    description: "Save a record of a format; 201 {message, _id, record}",
    operationId: "createSopRecord",
    tag: TAG,
    params: formatParams,
    body: anyBody,
    example: { path: "/api/sop/AS11", body: sampleAs11Body },
    responses: signedIn(
      withJsonBody({
        201: {
          description: "Saved",
          schema: z.strictObject({ ...saved.shape, record: z.nullable(anyRecord) }),
          example: { message: SAVED_MESSAGE, _id: sampleAs11Record._id, record: sampleAs11Record },
        },
        404: formatNotFound,
      }),
    ),
  },
  {
    method: "GET",
    path: "/api/sop/{format}/{id}",
    module: "sop/routes/api-record.ts",
    description: "One record of a format",
    operationId: "getSopRecord",
    tag: TAG,
    params: recordParams,
    example: { path: recordPath },
    responses: signedIn({
      200: { description: "The record", schema: anyRecord, example: sampleAs11Record },
      404: notFound,
    }),
  },
  {
    method: "PUT",
    path: "/api/sop/{format}/{id}",
    module: "sop/routes/api-record.ts",
    description: "Replace a record's fields (+ optional version; a stale version is 409)",
    operationId: "updateSopRecord",
    tag: TAG,
    params: recordParams,
    body: anyBody,
    example: {
      path: recordPath,
      body: { ...sampleAs11Body, transporter: "Sri Balaji Roadways Ltd", version: 1 },
    },
    responses: signedIn(
      withJsonBody({
        200: {
          description: "The record as saved",
          schema: anyRecord,
          example: { ...sampleAs11Record, transporter: "Sri Balaji Roadways Ltd", version: 2 },
        },
        403: notYours,
        404: notFound,
        409: answers.stale,
      }),
    ),
  },
  {
    method: "DELETE",
    path: "/api/sop/{format}/{id}",
    module: "sop/routes/api-record.ts",
    description: "Delete a record",
    operationId: "deleteSopRecord",
    tag: TAG,
    params: recordParams,
    example: { path: recordPath },
    responses: signedIn({
      200: messageAnswer("Deleted", DELETED_MESSAGE),
      403: notYours,
      404: notFound,
    }),
  },
];
