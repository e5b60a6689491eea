// The plant's roles (issue 16). One list, shared by the database column's type, the forms that
// choose a role and the permission table, so a role is spelt one way everywhere.
export const ROLES = ["admin", "staff", "guard", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  staff: "Staff",
  guard: "Guard",
  viewer: "Viewer",
};

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
