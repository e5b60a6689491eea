import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";

// How the settings' audit entries read (/audit): every stored key, humanized.
// app/audit-trail/record-types.ts lists it.
export const settingsHistory = {
  entity: "settings",
  label: "Settings",
  area: "settings",
  fields: null,
} as const satisfies RecordTypeInfo<Area>;
