import os from "node:os";
import { and, count, eq, gte } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { BACKGROUND_NICE } from "#app/db/priority.server.ts";
import { COMMIT_IN_WORKER_ROWS } from "#app/imports/engine.server.ts";
import { action as undoAction } from "#app/imports/routes/undo.tsx";
import { inventoryItems } from "#app/spares/table.server.ts";
import { importMessages } from "#app/spreadsheets/import-rules.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { confirmSpares, previewSpares } from "#tests/support/spares-import.ts";
import { signedInUser } from "#tests/support/users.ts";

// A large import's confirmation runs in a worker thread on a connection of its own, whose
// PostgreSQL process works at a lower CPU priority than the pages' (issue 31: another person's
// page kept its pace while 19,000 rows were written). Every rule of the confirmation holds there
// as in the web server's thread: a key added since the preview makes the whole import stale (no
// row written, the preview page's message, never a 500), a fresh one writes every row, and undo
// takes them all back.

const admin = await signedInUser(); // the first account of the file's database is the admin
const DEPARTMENT = "Technician" as const;
const at = { department: DEPARTMENT };
const ROWS = 2 * COMMIT_IN_WORKER_ROWS;
const FIRST = 700_001;
/** Someone else's connection: watches the database's processes while the confirmation runs. */
const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await other.end();
});

const preview = () =>
  previewSpares(
    DEPARTMENT,
    Array.from({ length: ROWS }, (_, n) => `${FIRST + n},Worker asset ${n},Part ${n},${n % 5},2,7,,`),
    admin.cookie,
    "large.csv",
  );

const imported = async () => {
  const [{ n }] = await db
    .select({ n: count() })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.department, DEPARTMENT), gte(inventoryItems.srno, FIRST)));
  return n;
};

/** The highest `nice` of this database's PostgreSQL processes, sampled until `done` settles. */
async function lowestPriorityWhile(done: Promise<unknown>) {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  let highest = 0;
  while (!settled) {
    const backends = await other<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database()`;
    for (const { pid } of backends) {
      try {
        highest = Math.max(highest, os.getPriority(pid));
      } catch {
        // Ended meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return highest;
}

describe("a large import's confirmation, in a worker at a lower priority", () => {
  it("refuses the whole import as stale when a key was added since the preview, never a 500", async () => {
    const stale = await preview();
    await db.insert(inventoryItems).values({
      department: DEPARTMENT,
      srno: FIRST + ROWS - 1,
      assets: "Added meanwhile",
      componentsAndEquipments: "Seal",
      availableStock: 0,
      minStock: 0,
      leadTimeDays: 0,
    });
    const answer = await confirmSpares(stale);
    expect(answer.status).toBe(200);
    expect(JSON.stringify(await answer.json())).toContain(importMessages.stale);
    expect(await imported()).toBe(1);
    await db.delete(inventoryItems).where(eq(inventoryItems.srno, FIRST + ROWS - 1));
  }, 60_000);

  it("writes every row with its PostgreSQL process at the lower priority, and undo takes them back", async () => {
    const fresh = await preview();
    const confirming = confirmSpares(fresh);
    const [confirmed, nice] = await Promise.all([confirming, lowestPriorityWhile(confirming)]);
    expect(confirmed.status).toBe(302);
    expect(nice).toBe(BACKGROUND_NICE);
    expect(await imported()).toBe(ROWS);
    const undone = await run(
      undoAction,
      buildRequest(`/import/products/${DEPARTMENT}/${fresh.id}/undo`, { form: {}, cookie: admin.cookie }),
      { ...at, id: fresh.id },
    );
    expect(undone.status).toBe(302);
    expect(await imported()).toBe(0);
  }, 60_000);
});
