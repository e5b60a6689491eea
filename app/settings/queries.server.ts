import { eq } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { db, type Tx } from "#app/db/client.server.ts";
import { savedBy } from "#app/db/records.server.ts";
import { defaultPlantSettings, type PlantSettings, plantSettingsSchema } from "#app/settings/schema.ts";
import { settings } from "#app/settings/table.server.ts";

const KEY = "plant";

/** The plant's settings, defaults filled in for anything never saved. */
export async function getPlantSettings(db: Tx): Promise<PlantSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) return defaultPlantSettings;
  const parsed = plantSettingsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : defaultPlantSettings;
}

// Within one request several loaders want them (the root's language, the shell's banner and
// footer): read them once.
const perRequest = new WeakMap<Request, Promise<PlantSettings>>();

/** The plant's settings as one request sees them, read once however many of its loaders ask. */
export function plantSettingsFor(request: Request): Promise<PlantSettings> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = getPlantSettings(db);
    perRequest.set(request, pending);
  }
  return pending;
}

/** Saves the settings; answers what they were before. */
export async function savePlantSettings(db: Tx, value: PlantSettings, userId: string) {
  return db.transaction(async (tx) => {
    const before = await getPlantSettings(tx);
    await writeSetting(tx, KEY, value, userId);
    await audit(tx, { userId, action: "update", entity: "settings", entityId: KEY, before, after: value });
    return before;
  });
}

/** The stored value of a row of the settings table (`key`: the plant's, registration's, another feature's), or undefined. */
export async function readSetting(tx: Tx, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores a row of the settings table (its caller audits it when people change it). */
export async function writeSetting(tx: Tx, key: string, value: unknown, userId: string | null) {
  await tx
    .insert(settings)
    .values({ key, value, createdBy: userId, updatedBy: userId })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, ...savedBy(settings, userId) },
    });
}
