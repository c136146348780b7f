import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCropHeader, parseCropPlacement } from './api';

describe('crop placement headers', () => {
  it('parse what the server formats, for any box inside the source', () => {
    const box = fc.record({ sourceWidth: fc.integer({ min: 1, max: 20_000 }), sourceHeight: fc.integer({ min: 1, max: 20_000 }) }).chain(({ sourceWidth, sourceHeight }) =>
      fc.record({ left: fc.integer({ min: 0, max: sourceWidth - 1 }), top: fc.integer({ min: 0, max: sourceHeight - 1 }) }).chain(({ left, top }) =>
        fc.record({
          left: fc.constant(left),
          top: fc.constant(top),
          width: fc.integer({ min: 1, max: sourceWidth - left }),
          height: fc.integer({ min: 1, max: sourceHeight - top }),
          sourceWidth: fc.constant(sourceWidth),
          sourceHeight: fc.constant(sourceHeight),
        }),
      ),
    );
    fc.assert(fc.property(box, (placement) => {
      expect(parseCropPlacement(formatCropHeader(placement), `${placement.sourceWidth}x${placement.sourceHeight}`)).toEqual(placement);
    }));
  });

  it('give no placement for missing, malformed or impossible headers', () => {
    expect(parseCropPlacement(null, '100x100')).toBeNull();
    expect(parseCropPlacement('1,2,3,4', null)).toBeNull();
    expect(parseCropPlacement('1,2,3', '100x100')).toBeNull();
    expect(parseCropPlacement('-1,2,3,4', '100x100')).toBeNull();
    expect(parseCropPlacement('0,0,0,4', '100x100')).toBeNull();
    expect(parseCropPlacement('90,0,20,4', '100x100')).toBeNull();
    expect(parseCropPlacement('1,2,3,4', '100×100')).toBeNull();
  });
});
