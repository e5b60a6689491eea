import { DEPARTMENTS, type Department } from "#app/spares/rules.ts";
import { rackLabel } from "#app/store-racks/rules.ts";

// The report's groups: racks 1–24 first (the racks page's order), then each department's spares
// lines in the menu's order. One number per group so the query sorts and totals by it.

const DEPARTMENT_GROUP_BASE = 100;

/** A department's group number: after the racks, in the menu's order. */
export const departmentGroup = (department: Department) =>
  DEPARTMENT_GROUP_BASE + DEPARTMENTS.indexOf(department) + 1;

export const groupDepartment = (group: number): Department | null =>
  group > DEPARTMENT_GROUP_BASE ? (DEPARTMENTS[group - DEPARTMENT_GROUP_BASE - 1] ?? null) : null;

/** 'RACK 3 - Technician', or 'Electrician spares lines'. */
export function groupLabel(group: number): string {
  const department = groupDepartment(group);
  return department ? `${department} spares lines` : rackLabel(group);
}
