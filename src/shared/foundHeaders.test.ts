import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFoundHeaders, roundKeptInkShare } from './api';

describe('found headers', () => {
  it('parse what the server formats', () => {
    fc.assert(fc.property(fc.nat(10_000), fc.double({ min: 0, max: 1, noNaN: true }), (items, share) => {
      const rounded = roundKeptInkShare(share);
      expect(parseFoundHeaders(String(items), rounded.toFixed(4))).toEqual({ items, keptInkShare: rounded });
    }));
  });

  it('give nothing for missing or malformed headers', () => {
    expect(parseFoundHeaders(null, '0.5000')).toBeNull();
    expect(parseFoundHeaders('2', null)).toBeNull();
    expect(parseFoundHeaders('-1', '0.5000')).toBeNull();
    expect(parseFoundHeaders('1.5', '0.5000')).toBeNull();
    expect(parseFoundHeaders('1', '1.2000')).toBeNull();
    expect(parseFoundHeaders('1', 'half')).toBeNull();
  });
});
