import type { ListDefaults } from "#app/lib/list-params.ts";

// The /users list's view in the address (docs/architecture.md "Lists").
export const USER_SORTS = ["email", "name", "role", "lastSignIn", "created"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const userListOptions = {
  sorts: USER_SORTS,
  defaultSort: "email" as UserSort,
  defaultDir: "asc" as const,
};
export const userListDefaults: ListDefaults = { sort: "email", dir: "asc" };
