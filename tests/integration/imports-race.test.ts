import { and, count, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server.ts";
import { action as apiCreate } from "#app/spares/routes/api-create.ts";
import { action as insertAction } from "#app/spares/routes/insert.tsx";
import { duplicateSrnoMessage } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { importMessages } from "#app/spreadsheets/import-rules.ts";
import { buildRequest, run } from "#tests/support/requests.ts";
import { confirmSpares, previewSpares } from "#tests/support/spares-import.ts";
import { apiToken, signedInUser } from "#tests/support/users.ts";

// A spares line saved through the page form or /api with the serial number an import is adding,
// at the moment the import is confirmed: one line of that number, whichever lands first; the
// other side gets its usual message (the import's "records changed", the form's "already
// exists"), never a 500. The key is unique in the database, so the late side fails on its write.

const staff = await signedInUser();
const token = await apiToken(staff);
const DEPARTMENT = "Electrician" as const;
const at = { department: DEPARTMENT };
/** A second connection: someone else's transaction, held open while the confirmation waits. */
const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await other.end();
});

const previewOf = (srno: number) =>
  previewSpares(DEPARTMENT, [`${srno},Pump,Seal,1,1,1,,`], staff.cookie, "race.csv");

const linesOf = async (srno: number) => {
  const [{ n }] = await db
    .select({ n: count() })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.department, DEPARTMENT), eq(inventoryItems.srno, srno)));
  return n;
};

const messageOf = async (answer: Response) => JSON.stringify(await answer.json());

/** Polls until a backend of this database waits for a lock (the confirmation, at its write). */
async function someoneWaitsForALock() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row.n > 0) return;
    if (Date.now() > deadline) throw new Error("timed out waiting for the confirmation to wait");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a spares line saved while an import of its serial number is confirmed", () => {
  it("landing between the confirmation's key check and its write: the import is stale, not a 500", async () => {
    const srno = 991_001;
    const preview = await previewOf(srno);
    // Someone else's transaction keeps the table from writes (its own allowed) until it commits:
    // the confirmation passes its key check and waits at its insert; then the line is saved.
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const landed = other.begin(async (tx) => {
      await tx`lock table inventory_items in share mode`;
      locked();
      await someoneWaitsForALock();
      await tx`insert into inventory_items (department, srno, assets, components_and_equipments, available_stock, min_stock, lead_time_days)
               values (${DEPARTMENT}, ${srno}, 'Pump', 'Seal', 0, 0, 0)`;
    });
    await lockTaken;
    const answer = confirmSpares(preview);
    await landed;
    const confirmed = await answer;
    // The preview page again with the message (as for any stale import), never a 500.
    expect(confirmed.status).toBe(200);
    expect(await messageOf(confirmed)).toContain(importMessages.stale);
    expect(await linesOf(srno)).toBe(1);
  });

  it("through the page form and /api at the same moment as the confirmation: one line, the loser's message", async () => {
    for (const [round, via] of ["form", "api", "form", "api", "form", "api"].entries()) {
      const srno = 991_100 + round;
      const preview = await previewOf(srno);
      const save =
        via === "form"
          ? run(
              insertAction,
              buildRequest(`/insertproduct/${DEPARTMENT}`, {
                cookie: staff.cookie,
                form: {
                  srno: String(srno),
                  Assets: "Pump",
                  ComponentsAndEquipments: "Seal",
                  AvailableStock: "1",
                  MinStock: "1",
                  LeadTime: "1",
                },
              }),
              at,
            )
          : run(
              apiCreate,
              buildRequest(`/api/${DEPARTMENT}/create`, {
                token,
                json: {
                  srno,
                  Assets: "Pump",
                  ComponentsAndEquipments: "Seal",
                  AvailableStock: 1,
                  MinStock: 1,
                  LeadTime: 1,
                },
              }),
              at,
            );
      const [saved, confirmed] = await Promise.all([save, confirmSpares(preview)]);
      expect([saved.status, confirmed.status], `round ${round} (${via})`).not.toContain(500);
      expect(await linesOf(srno)).toBe(1);
      const importWon = confirmed.status === 302;
      if (importWon) {
        expect(saved.status).toBe(409);
        expect(await messageOf(saved)).toContain(duplicateSrnoMessage(srno, DEPARTMENT));
      } else {
        expect([201, 302]).toContain(saved.status);
        expect(await messageOf(confirmed)).toContain(importMessages.stale);
      }
    }
  });
});
