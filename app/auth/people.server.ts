import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { personName, users } from "#app/auth/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";

// What the rest of the app reads of the people who sign in: their names beside what they entered,
// who gets mail. The users table itself stays in this folder.

/**
 * The name of the person `userId` names, as personName shows it ("Entered by"); null when it names
 * no one. A correlated subquery by the key: for the rows of one page.
 */
export const personNameById = (userId: AnyPgColumn) =>
  sql<string | null>`(select ${personName(users)} from ${users} where ${users.id} = ${userId})`;

/**
 * The person a column names, joined under the alias `as`: the table to left-join, the join's
 * condition, and what a list shows, searches and sorts by (their e-mail, their name, and the name
 * as personName shows it). For a list that keeps "saved by" in its one query.
 */
export function personJoin(as: string) {
  const person = alias(users, as);
  return {
    table: person,
    on: (userId: AnyPgColumn) => eq(person.id, userId),
    email: person.email,
    name: person.name,
    shownName: personName(person),
  };
}

/** The accounts not disabled among `ids`: their e-mail, role and language (who a digest goes to, in what words). */
export async function activePeople(db: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, role: users.role, language: users.language })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.disabledAt)));
}

/** The language the account of this e-mail address chose (null: none chose, or no account has it). */
export async function languageOfAddress(db: Tx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.language ?? null;
}
