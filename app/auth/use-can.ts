import { useRouteLoaderData } from "@remix-run/react";
import { type Area, can, type Need } from "#app/auth/permissions.ts";
import type { Role } from "#app/auth/roles.ts";

/** What this hook reads of the signed-in shell's loader data (app/shell/routes/layout.tsx, ShellData). */
type ShellUser = { user: { role: Role } };

/**
 * The signed-in role's permissions for a page inside the shell, to leave out links and buttons the
 * role may not use (Add, Edit, Delete, Save). Only what is shown: the server refuses on its own.
 */
export function useCan(): (area: Area, need?: Need) => boolean {
  const role = useRouteLoaderData<ShellUser>("shell")?.user.role;
  return (area, need = "write") => (role ? can(role, area, need) : false);
}
