import { plantToday } from "#app/db/records.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { type ExportFormat, exportFormatOf } from "#app/spreadsheets/cells.ts";
import { type ExportSpec, exportResponse } from "#app/spreadsheets/writer.server.ts";

// Answering an export request, for the export pages (routes/) and the /api list endpoints alike.

export const FORMAT_MESSAGE = "Choose an export format: ?format=xlsx or ?format=csv.";

/** The ?format= of the request, or a 400 answer naming the two formats. */
export function requireExportFormat(request: Request): ExportFormat {
  const format = exportFormatOf(new URL(request.url).searchParams);
  if (!format) throw new HttpError(400, FORMAT_MESSAGE);
  return format;
}

/** The ?format= an /api list was asked for, or null for its usual JSON (400 for another format). */
export function apiExportFormat(request: Request): ExportFormat | null {
  const search = new URL(request.url).searchParams;
  if (!search.has("format")) return null;
  const format = exportFormatOf(search);
  if (!format) throw new HttpError(400, FORMAT_MESSAGE);
  return format;
}

/** The export as a download named by the plant's date; a failure mid-stream is logged with the request id. */
export function sendExport(request: Request, spec: ExportSpec, format: ExportFormat): Response {
  const plantDate = plantToday();
  return exportResponse(spec, format, plantDate, (error) => logError(request, error));
}
