import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { historyOf } from "#app/lib/record.ts";

// How a file's audit entries read (its page's History, /audit): its definition's fields in
// the form's order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const fileHistory = historyOf(fileRecord, {
  entity: "rack_file",
  label: "File",
  area: "fileIndex",
}) satisfies RecordTypeInfo<Area>;
