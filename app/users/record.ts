import { ROLES } from "#app/auth/roles.ts";
import { defineRecord } from "#app/lib/record.ts";

// A user's fields, each once (app/lib/record.ts): the /users list's columns, sorts and search and
// the history's labels derive from this. A field's name is the users table's property
// (app/auth/table.server.ts: sign-in owns the table). Audit entries hold what changed under the
// keys below (`disabled` is a yes/no, not the time). Pure: the browser and the server read it.

export const userRecord = defineRecord({
  email: { label: "E-mail", kind: "text", list: { sort: "text", search: true } },
  name: { label: "Name", kind: "text", list: { sort: "text", search: true } },
  role: {
    label: "Role",
    kind: "choice",
    choices: ROLES,
    list: { sort: "value", search: true },
  },
  lastSignInAt: {
    label: "Last sign-in",
    kind: "date",
    list: { sort: "value", oldSorts: ["lastSignIn"] },
    audit: false,
  },
  disabledAt: { label: "Disabled", kind: "date", audit: { key: "disabled" } },
  // Yes or no: set for an account an admin made or reset.
  mustChangePassword: { label: "Must change password", kind: "choice" },
});

export type UserField = (typeof userRecord.names)[number];

/**
 * The table's columns that are no field of a person's record beside those every record's table has
 * (db/columns.ts BOOKKEEPING_COLUMNS): the sign-in's, and the person's own choices of how pages
 * show (list sizes, language).
 */
export const USER_BOOKKEEPING = ["passwordHash", "listSizes", "language"] as const;
