import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { importMessages, MAX_IMPORT_BYTES } from "#app/spreadsheets/import-rules.ts";

// The upload of an import form: the one file part, held in memory (10 MB at most: the web server
// refuses a larger body before it is read, server/app.ts UPLOAD_ROUTES).

export async function readUploadForm(request: Request): Promise<{ file: File | null } | { message: string }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    return { message: importMessages.noFile };
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMPORT_BYTES }),
    );
    const file = form.get("file");
    return { file: file instanceof File ? file : null };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { message: importMessages.tooLarge };
    return { message: importMessages.noFile };
  }
}
