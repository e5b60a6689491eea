import { ROLE_LABELS, type Role } from "#app/auth/roles.ts";
import { dateInZone } from "#app/lib/dates.ts";

// Who may do what (issue 16, "Roles"): the one table. Pure, so the server's guards
// (session.server.ts requirePermission / requireApiPermission), the navigation and the pages'
// buttons, and the role matrix test (tests/reliability/auth-matrix.test.ts) all read the same cells.

/** The parts of the plant's system a route belongs to. Every route module names one. */
export const AREAS = [
  "spares", // department tables (Electrician, FireFight, Technician)
  "racks", // store racks
  "contracts", // annual maintenance contracts and their alerts
  "fileIndex", // Admin Racks: the file index
  "sop", // SOP admin & security formats
  "users",
  "settings",
  "audit",
  "importsUndo",
] as const;
export type Area = (typeof AREAS)[number];

/** none: the area is hidden and refused; read: open, list, print, download; write: also change. */
export type Access = "none" | "read" | "write";
export type Need = "read" | "write";

export const PERMISSIONS: Record<Area, Record<Role, Access>> = {
  spares: { admin: "write", staff: "write", guard: "none", viewer: "read" },
  racks: { admin: "write", staff: "write", guard: "none", viewer: "read" },
  contracts: { admin: "write", staff: "write", guard: "none", viewer: "read" },
  fileIndex: { admin: "write", staff: "write", guard: "none", viewer: "read" },
  // A guard's writes are narrowed further by mayChangeSopRecord: only their own records of today.
  sop: { admin: "write", staff: "write", guard: "write", viewer: "read" },
  users: { admin: "write", staff: "none", guard: "none", viewer: "read" },
  settings: { admin: "write", staff: "none", guard: "none", viewer: "read" },
  audit: { admin: "write", staff: "none", guard: "none", viewer: "read" },
  importsUndo: { admin: "write", staff: "none", guard: "none", viewer: "read" },
};

export function can(role: Role, area: Area, need: Need): boolean {
  // An unknown role (a hand-edited row) gets nothing rather than whatever undefined compares to.
  const access: Access = PERMISSIONS[area]?.[role] ?? "none";
  return need === "read" ? access === "read" || access === "write" : access === "write";
}

/** The 403 page's and answer's sentence. */
export function deniedMessage(role: Role, need: Need): string {
  return need === "read"
    ? `Your role (${ROLE_LABELS[role] ?? role}) cannot open this page.`
    : `Your role (${ROLE_LABELS[role] ?? role}) cannot make this change.`;
}

export const NOT_YOURS_TODAY_MESSAGE =
  "A guard can change only the records they entered today; this one can only be opened and printed.";

/**
 * May this user change (edit, delete) this SOP record? Everyone with SOP write may, except a guard:
 * only a record they created themselves on the plant's today, so a shift cannot rewrite the
 * register of another shift or of an earlier day.
 */
export function mayChangeSopRecord(
  user: { email: string; role: Role },
  record: { createdBy: string | null; createdAt: Date | string },
  now: Date,
  timeZone: string,
): boolean {
  if (!can(user.role, "sop", "write")) return false;
  if (user.role !== "guard") return true;
  if (!record.createdBy || record.createdBy.toLowerCase() !== user.email.toLowerCase()) return false;
  return dateInZone(new Date(record.createdAt), timeZone) === dateInZone(now, timeZone);
}
