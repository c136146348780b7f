/**
 * Seed ranges of the synthetic splits. They never overlap, so no test page is ever a training page:
 *   train  seeds 0 … 999 999
 *   val    seeds 1 000 000 … 1 999 999
 *   test   seeds 2 000 000 … 2 999 999   (held-out evaluation: npm run eval)
 * Case i of a split is the document generated from seed `SPLIT_BASE[split] + i`.
 */
export type Split = 'train' | 'val' | 'test';

export const SPLIT_SIZE = 1_000_000;
export const SPLIT_BASE: Readonly<Record<Split, number>> = { train: 0, val: 1_000_000, test: 2_000_000 };

export function splitSeed(split: Split, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= SPLIT_SIZE) throw new RangeError(`case index ${index} outside 0..${SPLIT_SIZE - 1}`);
  return SPLIT_BASE[split] + index;
}

export function splitOfSeed(seed: number): Split | undefined {
  return (Object.keys(SPLIT_BASE) as Split[]).find((s) => seed >= SPLIT_BASE[s] && seed < SPLIT_BASE[s] + SPLIT_SIZE);
}

export function isSplit(value: string): value is Split {
  return value === 'train' || value === 'val' || value === 'test';
}
