import type { RecordTypeInfo } from "#app/audit/history.server.ts";
import type { Area } from "#app/auth/permissions.ts";
import { ROLE_LABELS } from "#app/auth/roles.ts";

// How a user account's audit entries read (/audit): an entry often holds only what changed (a
// role), so the keys are labelled, not listed. app/audit-trail/record-types.ts lists it.
export const userHistory = {
  entity: "user",
  label: "User",
  area: "users",
  fields: null,
  labels: {
    email: { label: "E-mail" },
    name: { label: "Name" },
    role: { label: "Role", choices: ROLE_LABELS },
    disabled: { label: "Disabled" },
    mustChangePassword: { label: "Must change password" },
    // The person's own choice on /account: a catalogue's code, blank for the plant's language.
    language: { label: "Language" },
  },
} as const satisfies RecordTypeInfo<Area>;
