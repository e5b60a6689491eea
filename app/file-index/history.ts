import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How a file's audit entries read (its page's History, /audit): the form's fields in the form's
// order and words. Pure data; app/audit-trail/record-types.ts lists it with the others.
export const fileHistory = {
  entity: "rack_file",
  label: "File",
  area: "fileIndex",
  fields: [
    { path: "rackName", label: "Rack" },
    { path: "id", label: "File ID", kind: "number" },
    { path: "name", label: "File Name" },
  ],
} as const satisfies RecordTypeInfo<Area>;
