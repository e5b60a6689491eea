import type { ListDefaults } from "#app/lib/list-params.ts";
import { oldSortNames, sortNames } from "#app/lib/record.ts";
import { userRecord } from "#app/users/record.ts";

// The /users list's view in the address (docs/architecture.md "Lists").
/** The definition's sortable fields (record.ts), then when the account was made. */
export const USER_SORTS = [...sortNames(userRecord), "created"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const userListOptions = {
  sorts: USER_SORTS,
  defaultSort: "email" as UserSort,
  defaultDir: "asc" as const,
  // Links saved before the sorts took the fields' names (?sort=lastSignIn).
  oldSorts: oldSortNames(userRecord),
};
export const userListDefaults: ListDefaults = { sort: "email", dir: "asc" };
