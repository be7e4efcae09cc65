import seedrandom from 'seedrandom';

/** The fixed seed of the demo catalogue: the same data files always give the same rows. */
export const SEED = 'spesa-lombardia-2025';

/** A small deterministic random source on top of seedrandom (alea: fast and well distributed). */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** pick with relative weights (same length as items) */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** a child generator whose sequence does not depend on how much the parent has been used */
  fork(label: string): Rng;
}

export function createRng(seed: string = SEED): Rng {
  const prng = seedrandom.alea(seed);
  const rng: Rng = {
    next: () => prng(),
    int: (min, max) => min + Math.floor(prng() * (max - min + 1)),
    chance: (p) => prng() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(prng() * items.length)] as (typeof items)[number];
    },
    weighted: (items, weights) => {
      const total = weights.reduce((a, b) => a + b, 0);
      let r = prng() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i] ?? 0;
        if (r < 0) return items[i] as (typeof items)[number];
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    fork: (label) => createRng(`${seed}/${label}`),
  };
  return rng;
}

/** Stable 32-bit hash of a string (FNV-1a), for picks that must not depend on generation order. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
