import type { RouteConfigEntry } from "@remix-run/route-config";
import { route } from "#app/lib/route-entry.ts";

// People (issue 16); app/routes.ts composes these. `pages` sit inside the signed-in shell.
export const pages: RouteConfigEntry[] = [
  route("users", "users/routes/users.tsx", { id: "users/list" }),
  route("users/:id", "users/routes/user.tsx", { id: "users/user" }),
  route("account", "users/routes/account.tsx", { id: "users/account" }),
];

/** Outside the shell: a user with a temporary password sees this form and nothing else. */
export const changePassword = route("change-password", "users/routes/change-password.tsx", {
  id: "users/change-password",
});
