import { plantToday } from "#app/db/records.server.ts";
import { wordsFor } from "#app/i18n/words.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { logError } from "#app/lib/request-id.server.ts";
import { plantSettingsFor } from "#app/settings/queries.server.ts";
import { type ExportFormat, exportFormatOf } from "#app/spreadsheets/cells.ts";
import { exportIn } from "#app/spreadsheets/words.server.ts";
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

/**
 * An export downloaded from a page: its headers and sheet names in the person's language (their
 * choice, else the terminal's, else the plant's), looked up in the feature's `namespaces`. The
 * /api's exports answer through sendExport, in English.
 */
export async function sendPageExport(
  request: Request,
  person: { language: string | null },
  spec: ExportSpec,
  format: ExportFormat,
  namespaces: readonly string[],
): Promise<Response> {
  const plant = await plantSettingsFor(request);
  const say = await wordsFor(request, person, plant.language, [...namespaces, "spreadsheets"]);
  return sendExport(request, exportIn(say, spec), format);
}
