import { getTableColumns } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { users } from "#app/auth/table.server.ts";
import { readListParams } from "#app/lib/list-params.ts";
import { tableMismatches } from "#app/lib/record.ts";
import { USER_SORTS, userListOptions } from "#app/users/list.ts";
import { USER_BOOKKEEPING, userRecord } from "#app/users/record.ts";

// What is derived from a user's definition is what the app had before it was derived: the same
// history labels under the keys stored entries hold, the same sorts (a saved link still reads).

describe("a user's definition", () => {
  test("every field has its column in the users table, and every column its field or a reason", () => {
    expect(tableMismatches(userRecord, getTableColumns(users), USER_BOOKKEEPING)).toEqual([]);
  });

  test("the history labels the keys user entries were written with", () => {
    expect(RECORD_TYPES.user.labels).toEqual({
      email: { label: "E-mail" },
      name: { label: "Name" },
      role: { label: "Role" },
      disabled: { label: "Disabled" },
      mustChangePassword: { label: "Must change password" },
    });
  });

  test("the list sorts by the fields' names; a link saved with ?sort=lastSignIn sorts the same column", () => {
    expect(USER_SORTS).toEqual(["email", "name", "role", "lastSignInAt", "created"]);
    const params = readListParams(new URLSearchParams("sort=lastSignIn&dir=desc"), userListOptions);
    expect(params).toMatchObject({ sort: "lastSignInAt", dir: "desc" });
  });
});
