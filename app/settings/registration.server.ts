import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { isRole, type Role } from "#app/auth/roles.ts";
import type { Tx } from "#app/db/client.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { readSetting, writeSetting } from "#app/settings/queries.server.ts";
import { defaultRegistrationSettings, type RegistrationSettings } from "#app/settings/registration.ts";
import { ROTATION_NOTE } from "#app/settings/registration-note.ts";

// The registration row of the settings table: { role, open, codeHash?, rotatedAt? }. Until an
// admin rotates the code, the code is REGISTRATION_CODE (environment or DATA_DIR/secrets.json);
// after, only the SHA-256 of the rotated code is kept (the code is random, 20 characters from a
// 32-letter alphabet, so a fast hash is enough: nothing short to guess from it).
const KEY = "registration";

type Stored = RegistrationSettings & { codeHash?: string; rotatedAt?: string };

async function readStored(db: Tx): Promise<Stored> {
  const value = ((await readSetting(db, KEY)) ?? {}) as Partial<Stored>;
  return {
    role: isRole(value.role) ? value.role : defaultRegistrationSettings.role,
    open: typeof value.open === "boolean" ? value.open : defaultRegistrationSettings.open,
    codeHash: typeof value.codeHash === "string" ? value.codeHash : undefined,
    rotatedAt: typeof value.rotatedAt === "string" ? value.rotatedAt : undefined,
  };
}

/** The role new registrations get and whether registration is open (never the code). */
export async function getRegistrationSettings(
  db: Tx,
): Promise<RegistrationSettings & { rotatedAt?: string }> {
  const { role, open, rotatedAt } = await readStored(db);
  return { role, open, rotatedAt };
}

const write = (tx: Tx, value: Stored, userId: string) => writeSetting(tx, KEY, value, userId);

export async function saveRegistrationSettings(db: Tx, next: RegistrationSettings, userId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7017)`);
    const stored = await readStored(tx);
    await write(tx, { ...stored, role: next.role, open: next.open }, userId);
    await audit(tx, {
      userId,
      action: "update",
      entity: "settings",
      entityId: KEY,
      before: { role: stored.role, open: stored.open },
      after: { role: next.role, open: next.open },
    });
  });
}

// Trimmed and upper-cased before hashing: a code copied with a trailing space, or typed in lower
// case, is still the code (generated codes are upper-case letters and digits, so nothing is lost).
const digest = (code: string) => createHash("sha256").update(code.trim().toUpperCase(), "utf8").digest();

/** Whether `given` is the current registration code, compared in constant time. */
export async function isCurrentRegistrationCode(db: Tx, given: string): Promise<boolean> {
  const { codeHash } = await readStored(db);
  const expected = codeHash ? Buffer.from(codeHash, "hex") : digest(serverSettings().REGISTRATION_CODE);
  return timingSafeEqual(digest(given), expected);
}

// No 0/O or 1/I/L: the code is read out over the phone or copied from paper.
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function newRegistrationCode(): string {
  const bytes = randomBytes(20);
  const letters = Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  return [0, 5, 10, 15].map((start) => letters.slice(start, start + 5).join("")).join("-");
}

/** Replaces the registration code; answers the new one (shown once, never stored in clear). */
export async function rotateRegistrationCode(db: Tx, userId: string): Promise<string> {
  const code = newRegistrationCode();
  const rotatedAt = new Date().toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7017)`);
    const stored = await readStored(tx);
    await write(tx, { ...stored, codeHash: digest(code).toString("hex"), rotatedAt }, userId);
    await audit(tx, {
      userId,
      action: "update",
      entity: "settings",
      entityId: KEY,
      before: { rotatedAt: stored.rotatedAt ?? null },
      after: { rotatedAt },
    });
  });
  noteRotation(rotatedAt);
  return code;
}

/**
 * Leaves a note in DATA_DIR for `npm run registration-code`, which reads files, not the database:
 * it then says the code was rotated in /settings instead of printing the old one.
 */
function noteRotation(rotatedAt: string) {
  if (process.env.NODE_ENV === "test") return;
  try {
    const dir = path.resolve(serverSettings().DATA_DIR);
    if (!fs.existsSync(dir)) return;
    fs.writeFileSync(path.join(dir, ROTATION_NOTE), `${JSON.stringify({ rotatedAt })}\n`, { mode: 0o600 });
  } catch {
    // The note only helps the command-line script; the rotation itself is in the database.
  }
}

export type { Role };
