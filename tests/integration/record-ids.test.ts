import { describe, expect, it } from "vitest";
import { contracts } from "#app/contracts/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";

describe("record ids", () => {
  it("are version-8 UUIDs from one sequence: unique, increasing, across tables", async () => {
    const [a] = await db.insert(contracts).values({ equipment: "DG set" }).returning({ id: contracts.id });
    const [b] = await db
      .insert(rackItems)
      .values({
        rackNumber: 3,
        section: "A",
        materialName: "Gland packing",
        availableStock: 1,
        closingStock: 1,
      })
      .returning({ id: rackItems.id });
    for (const { id } of [a, b]) expect(id).toMatch(/^00000000-0000-8000-8000-[0-9a-f]{12}$/);
    expect(Number.parseInt(b.id.slice(-12), 16)).toBeGreaterThan(Number.parseInt(a.id.slice(-12), 16));
  });
});
