import { describe, expect, it } from 'vitest';
import { findRings } from '../core/classes/classical/rings';
import { detectFormLines, formLineOptionsFor } from '../core/classes/classical/formLines';
import { computeInkAlpha, estimateAlphaThresholds } from '../core/paper/inkAlpha';
import { buildInkGrid } from '../core/classes/inkGrid';
import { estimatePaperField, flattenAgainstPaper } from '../core/paper/paperField';
import { generateDocument } from '../synth/generate';
import { splitSeed } from '../synth/splits';

/**
 * Parts of the classical engine on generated validation pages that once failed them: the generator
 * lives outside src/core, so these regressions live with the eval's tools.
 */
describe('classical engine on generated validation pages', () => {
  it('finds the seal on a grey scan dense with text, where more than a dozen circles in the text are proposed first (validation page 408)', async () => {
    const doc = await generateDocument(splitSeed('val', 408), { megapixels: 2 });
    const flattened = flattenAgainstPaper(doc.image, estimatePaperField(doc.image));
    const grid = buildInkGrid({ flattened, inkAlpha: computeInkAlpha(flattened, estimateAlphaThresholds(flattened)) });
    const { width, height, mask } = grid;
    const lines = detectFormLines(mask, width, height, formLineOptionsFor(width, height));
    const search = mask.map((v, k) => (v !== 0 && lines[k] === 0 ? 1 : 0));
    const scale = doc.image.width / width;
    const stamp = doc.meta.stamps[0];
    expect(doc.meta.capture.grayscale).toBe(true);
    const rings = findRings(search, width, height);
    // The seal: a ring of about the stamp's radius (the capture's perspective moves its centre a little).
    expect(rings.some((q) => Math.abs(q.r - stamp.radius / scale) <= 0.3 * (stamp.radius / scale))).toBe(true);
  }, 30_000);
});
