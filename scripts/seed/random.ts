// A small seeded PRNG (mulberry32) so the same seed and "today" always give the same plant.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** A number in [min, max] with the given decimals. */
  decimal(min: number, max: number, decimals: number): number;
};

function hash(text: string) {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return h >>> 0;
}

/** A generator for one named stream: each table gets its own, so adding one table never shifts another. */
export function randomFor(seed: string): Random {
  let state = hash(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (probability) => next() < probability,
    decimal: (min, max, decimals) => {
      const scale = 10 ** decimals;
      return Math.round((min + next() * (max - min)) * scale) / scale;
    },
  };
}

/** YYYY-MM-DD plus a number of days (calendar arithmetic in UTC: no time zone can shift it). */
export function shiftDate(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
