/** A small seeded PRNG (mulberry32) and the draws the generator needs. Same seed, same document. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  int(min: number, maxInclusive: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Roughly normal (sum of uniforms), mean 0, sd 1. */
  normal(): number;
  /** An independent stream derived from this one (so adding draws in one part does not shift another). */
  fork(salt: number): Random;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a seed and a salt into a well-spread 32-bit state. */
export function hashSeed(seed: number, salt = 0): number {
  let h = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = (h + Math.imul(salt + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export function createRandom(seed: number, salt = 0): Random {
  const next = mulberry32(hashSeed(seed, salt));
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, maxInclusive) => min + Math.floor(next() * (maxInclusive - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    normal: () => next() + next() + next() + next() + next() + next() - 3,
    fork: (forkSalt) => createRandom(Math.floor(next() * 4294967296), forkSalt),
  };
  return random;
}
