import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt from node:crypto: no native build step and no dependency. N=2^17 needs 128 MiB, so maxmem
// is raised above it. Stored as scrypt$N$r$p$salt$hash so the cost can be raised later.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

// Each derivation takes a core for a long moment and 128 MiB (figures: docs/performance.md): at
// most two run at once in this process, so a burst of sign-ins cannot take both cores and the
// memory. The rest wait briefly for a turn, then are refused (429) rather than queued without end.
export const MAX_CONCURRENT_PASSWORD_WORK = 2;
export const PASSWORD_WORK_WAIT_MS = 2_000;

/** Thrown when no turn came within the wait: the caller answers 429. */
export class PasswordWorkBusy extends Error {
  constructor() {
    super("password checks are busy");
  }
}

let running = 0;
let peak = 0;
const queue: Array<() => void> = [];

async function withPasswordTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT_PASSWORD_WORK) {
    running++;
  } else {
    await new Promise<void>((resolve, reject) => {
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(take), 1);
        reject(new PasswordWorkBusy());
      }, PASSWORD_WORK_WAIT_MS);
      queue.push(take);
    });
    // The finishing derivation handed its turn over: `running` already counts this one.
  }
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

/** How many derivations ran at once at most since the last reset (for tests of the cap). */
export function passwordWorkPeak(reset = false) {
  const value = peak;
  if (reset) peak = running;
  return value;
}

/**
 * The cost new hashes get. A test run may ask for a cheaper one (TEST_PASSWORD_COST, a power of
 * two): the integration suite makes hundreds of accounts and spent most of its time deriving keys.
 * Honoured only under NODE_ENV=test, so no setting of a running plant can weaken its passwords;
 * the hash records its cost, so a cheap test hash still verifies, and verification always uses
 * the stored cost.
 */
export function newHashCost() {
  const cheaper = process.env.NODE_ENV === "test" ? Number(process.env.TEST_PASSWORD_COST) : Number.NaN;
  return Number.isInteger(Math.log2(cheaper)) && cheaper >= 2 && cheaper < N ? cheaper : N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = newHashCost();
  const key = await withPasswordTurn(() => derive(password, salt, { N: cost, r, p }));
  return ["scrypt", cost, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await withPasswordTurn(() =>
    derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(rr), p: Number(pp) }),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A fixed hash to verify against when the e-mail is unknown, so both cases take the same time
// and the answer never reveals which of e-mail or password was wrong.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return dummyHash;
}
