import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "#app/auth/queries.server.ts";
import { users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { DEFAULT_PAGE_SIZE, readPageSize } from "#app/lib/list-params.ts";

// Rows per page, remembered per person and per list (issue 33). The size picker is part of the
// list's GET form, so a choice arrives as `?size=` (with JavaScript off too): the size a person's
// list is opened with is the one they last asked that list for, until they ask for another. It is
// kept on the user (users.list_sizes), not in a cookie, because people share terminals, and read
// with the session (findSessionUser), so a list's loader spends no query on it; only a change writes.

/**
 * The list's address with the person's page size: `?size=` when it is one of the sizes on offer
 * (it wins, and becomes the remembered one when it differs), else the size remembered for `list`,
 * else the default. `list` names the list, not the address (one name for every item's stock card).
 */
export async function withListSize(
  db: Tx,
  user: SessionUser,
  list: string,
  search: URLSearchParams,
): Promise<URLSearchParams> {
  const remembered = readPageSize(String(user.listSizes[list] ?? ""));
  const asked = readPageSize(search.get("size"));
  if (asked !== null) {
    if (asked !== (remembered ?? DEFAULT_PAGE_SIZE)) {
      await db
        .update(users)
        .set({ listSizes: sql`${users.listSizes} || jsonb_build_object(${list}::text, ${asked}::int)` })
        .where(eq(users.id, user.id));
      user.listSizes = { ...user.listSizes, [list]: asked };
    }
    return search;
  }
  const given = new URLSearchParams(search);
  given.set("size", String(remembered ?? DEFAULT_PAGE_SIZE));
  return given;
}
