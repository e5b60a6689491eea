import { describe, expect, test } from "vitest";
import { RECORD_TYPES } from "#app/audit-trail/record-types.ts";
import { readListParams } from "#app/lib/list-params.ts";
import { USER_SORTS, userListOptions } from "#app/users/list.ts";

// What is derived from a user's definition is what the app had before it was derived: the same
// history labels under the keys stored entries hold, the same sorts (a saved link still reads).

describe("a user's definition", () => {
  test("the history labels the keys user entries were written with", () => {
    expect(RECORD_TYPES.user.labels).toEqual({
      email: { label: "E-mail" },
      name: { label: "Name" },
      // A role reads in the log's words ("Staff", translated), not as stored ("staff").
      role: { label: "Role", choices: { admin: "Admin", guard: "Guard", staff: "Staff", viewer: "Viewer" } },
      disabled: { label: "Disabled" },
      mustChangePassword: { label: "Must change password" },
      // /account's choice (since issue 37).
      language: { label: "Language" },
    });
  });

  test("the list sorts by the fields' names; a link saved with ?sort=lastSignIn sorts the same column", () => {
    expect(USER_SORTS).toEqual(["email", "name", "role", "lastSignInAt", "created"]);
    const params = readListParams(new URLSearchParams("sort=lastSignIn&dir=desc"), userListOptions);
    expect(params).toMatchObject({ sort: "lastSignInAt", dir: "desc" });
  });
});
