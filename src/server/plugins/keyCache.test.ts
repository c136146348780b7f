import { describe, expect, it } from 'vitest';
import { KeyCache } from './keyCache';

const account = { id: 'a', name: 'n', limit: 5, remaining: 5 };

describe('KeyCache', () => {
  it('keeps a hit for its time only, and nothing when the time is 0', () => {
    const cache = new KeyCache(1000);
    cache.set('h', account, cache.generation, 0);
    expect(cache.get('h', 999)).toBe(account);
    expect(cache.get('h', 1000)).toBeUndefined();
    const off = new KeyCache(0);
    off.set('h', account, off.generation, 0);
    expect(off.get('h', 0)).toBeUndefined();
  });

  it('drops an answer from a lookup that began before a clear (a revocation racing a request)', () => {
    const cache = new KeyCache(1000);
    const before = cache.generation;
    cache.clear();
    cache.set('h', account, before, 0);
    expect(cache.get('h', 1)).toBeUndefined();
    cache.set('h', account, cache.generation, 0);
    expect(cache.get('h', 1)).toBe(account);
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new KeyCache(1000, 2);
    for (const h of ['a', 'b', 'c']) cache.set(h, account, cache.generation, 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, account, account]);
  });
});
