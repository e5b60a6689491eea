import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { audit } from "#app/audit/log.server.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { settings } from "#app/settings/table.server.ts";

describe("the audit helper", () => {
  it("records who, what, which record, before and after, with the change", async () => {
    const userId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "audit-demo", value: { a: 1 } });
      await audit(tx, {
        userId,
        action: "create",
        entity: "setting",
        entityId: "audit-demo",
        after: { a: 1, at: new Date("2026-01-02T03:04:05Z") },
      });
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, "audit-demo"));
    expect(entry).toMatchObject({
      userId,
      action: "create",
      entity: "setting",
      before: null,
      after: { a: 1, at: "2026-01-02T03:04:05.000Z" },
    });
    expect(entry.createdAt).toBeInstanceOf(Date);
  });

  it("leaves no record when the change itself rolls back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await audit(tx, {
          userId: null,
          action: "delete",
          entity: "setting",
          entityId: "rolled-back",
          before: { a: 1 },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, "rolled-back"))).toHaveLength(0);
  });
});
