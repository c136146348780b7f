import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CleanParamsSchema, DeleteRequestSchema, NAME_MAX, RenameRequestSchema } from './api';

const TYPES = ['json', 'webp', 'png'];
const EXTRACTS = ['', 'signature', 'stamp'];
const MODES = ['basic', 'standard', 'advanced'];
const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off', ''];

describe('clean parameter validation (property-based)', () => {
  it('accepts exactly the documented values and never throws on anything else', () => {
    const anyValue = fc.oneof(fc.string(), fc.constantFrom(...TYPES, ...EXTRACTS, ...MODES, ...TRUE, ...FALSE), fc.integer(), fc.constant(null), fc.object());
    fc.assert(
      fc.property(fc.record({ type: anyValue, extract: anyValue, mode: anyValue, aggressive: anyValue, crop: anyValue }, { requiredKeys: [] }), (fields) => {
        const parsed = CleanParamsSchema.safeParse(fields);
        const valid =
          (fields.type === undefined || TYPES.includes(fields.type as string)) &&
          (fields.extract === undefined || EXTRACTS.includes(fields.extract as string)) &&
          (fields.mode === undefined || MODES.includes(fields.mode as string)) &&
          (fields.aggressive === undefined || [...TRUE, ...FALSE].includes(fields.aggressive as string)) &&
          (fields.crop === undefined || [...TRUE, ...FALSE].includes(fields.crop as string));
        expect(parsed.success).toBe(valid);
        if (parsed.success) {
          expect(parsed.data.aggressive).toBe(TRUE.includes(fields.aggressive as string));
          expect(parsed.data.type).toBe(fields.type ?? 'json');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('ink is valid iff it is original, black, blue or six hex digits (with or without #), and comes out as #rrggbb in lower case', () => {
    const hexDigits = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 5, maxLength: 7 });
    const anyInk = fc.oneof(fc.string(), fc.constantFrom('original', 'black', 'blue', 'Black', 'navy', '#'), hexDigits, hexDigits.map((h) => `#${h}`), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(anyInk, (ink) => {
        const parsed = CleanParamsSchema.safeParse({ ink });
        const named = ink === 'original' || ink === 'black' || ink === 'blue';
        const hex = typeof ink === 'string' && /^#?[0-9a-f]{6}$/i.test(ink);
        expect(parsed.success).toBe(named || hex);
        if (parsed.success) expect(parsed.data.ink).toBe(named ? ink : `#${(ink as string).replace('#', '').toLowerCase()}`);
      }),
      { numRuns: 500 },
    );
    expect(CleanParamsSchema.parse({}).ink).toBe('original');
  });

  it('a name is valid iff it has at most 255 code points and no control or bidi-override characters', () => {
    const nameChars = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }));
    fc.assert(
      fc.property(nameChars, (name) => {
        const parsed = CleanParamsSchema.safeParse({ name });
        // eslint-disable-next-line no-control-regex -- the property is about control characters
        const clean = [...name].length <= NAME_MAX && !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(name);
        expect(parsed.success).toBe(clean);
      }),
      { numRuns: 500 },
    );
  });

  it('delete and rename accept only UUID-shaped ids', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.string()), (uuid) => {
        const shaped = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid);
        expect(DeleteRequestSchema.safeParse({ uuid }).success).toBe(shaped);
        expect(RenameRequestSchema.safeParse({ uuid, name: 'x' }).success).toBe(shaped);
      }),
      { numRuns: 300 },
    );
  });
});
