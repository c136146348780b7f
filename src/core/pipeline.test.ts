import { describe, expect, it } from 'vitest';
import { compositionKey } from './compose/composition';
import { cleanImage } from './pipeline';
import { BLACK, PageCanvas, PEN_BLUE, testForm, type Rgb, type SyntheticPage } from './testing/syntheticPage';
import { InkClass, type CleanOptions, type RgbaImage } from './shared/types';

const options = (o: Partial<CleanOptions> = {}): CleanOptions => ({ mode: 'standard', extract: '', aggressive: false, crop: false, ...o });

/** Per ground-truth class, the fraction of its solid pixels (truth α ≥ 128) that come out visible (α ≥ 128). */
function keptFractions(page: SyntheticPage, out: RgbaImage): Record<string, number> {
  const kept = new Array(6).fill(0);
  const total = new Array(6).fill(0);
  for (let p = 0; p < page.truthAlpha.length; p++) {
    if (page.truthAlpha[p] < 128) continue;
    total[page.truthClass[p]]++;
    if (out.data[p * 4 + 3] >= 128) kept[page.truthClass[p]]++;
  }
  const names = ['paper', 'printed', 'formLine', 'handwriting', 'stamp', 'noise'];
  const fractions: Record<string, number> = {};
  for (let c = 1; c < 5; c++) if (total[c] > 0) fractions[names[c]] = kept[c] / total[c];
  return fractions;
}

/** Pixels visible in the output where the page has no ink at all. */
function strayPixels(page: SyntheticPage, out: RgbaImage): number {
  let stray = 0;
  for (let p = 0; p < page.truthAlpha.length; p++) if (page.truthAlpha[p] === 0 && out.data[p * 4 + 3] >= 64) stray++;
  return stray;
}

const shadowedPaper = (x: number, y: number): Rgb => {
  const shade = 1 - 0.45 * Math.max(0, 1 - x / 200) - 0.15 * (y / 320);
  return [246 * shade, 236 * shade, 214 * shade];
};

const cases: Array<{ o: Partial<CleanOptions>; keep: string[] }> = [
  { o: { mode: 'basic' }, keep: ['printed', 'formLine', 'handwriting', 'stamp'] },
  { o: { mode: 'standard' }, keep: ['formLine', 'handwriting', 'stamp'] },
  { o: { mode: 'advanced' }, keep: ['formLine', 'handwriting', 'stamp'] },
  { o: { mode: 'advanced', aggressive: true }, keep: ['handwriting', 'stamp'] },
  { o: { mode: 'advanced', extract: 'signature' }, keep: ['handwriting'] },
  { o: { mode: 'advanced', extract: 'signature', aggressive: true }, keep: ['handwriting'] },
  { o: { mode: 'advanced', extract: 'stamp' }, keep: ['stamp'] },
  { o: { mode: 'advanced', extract: 'stamp', aggressive: true }, keep: ['stamp'] },
  { o: { mode: 'standard', extract: 'stamp' }, keep: ['stamp'] },
  { o: { mode: 'basic', aggressive: true }, keep: ['handwriting', 'stamp'] },
];

describe('cleanImage composition by options', () => {
  for (const [paperName, paper] of [['flat paper', undefined], ['shadowed, tinted paper', shadowedPaper]] as const) {
    for (const { o, keep } of cases) {
      it(`${paperName}: ${JSON.stringify(o)} keeps ${keep.join(', ')}`, async () => {
        const page = testForm(paper);
        const result = await cleanImage(page.image, options(o));
        const fractions = keptFractions(page, result.image);
        for (const [name, fraction] of Object.entries(fractions)) {
          if (keep.includes(name)) expect(fraction, `${name} kept`).toBeGreaterThan(0.95);
          else expect(fraction, `${name} dropped`).toBeLessThan(0.05);
        }
        expect(strayPixels(page, result.image)).toBeLessThan(30);
        expect(result.engine).toBe('classical');
        expect(result.timings.total).toBeGreaterThanOrEqual(0);
      });
    }
  }
});

describe('cleanImage on plain pages', () => {
  it('turns an all-white page fully transparent in every mode', async () => {
    for (const { o } of cases) {
      const data = new Uint8ClampedArray(300 * 200 * 4).fill(255);
      const result = await cleanImage({ width: 300, height: 200, data }, options(o));
      expect(result.image.data.every((v) => v === 0)).toBe(true);
    }
  });

  it('removes shadowed, gradient and tinted paper without ink', async () => {
    const canvas = new PageCanvas(400, 300, (x, y) => {
      const shade = 0.55 + 0.45 * Math.min(1, x / 300) - 0.1 * (y / 300);
      return [235 * shade, 225 * shade, 190 * shade];
    });
    const page = canvas.page();
    const result = await cleanImage(page.image, options({ mode: 'basic' }));
    let visible = 0;
    for (let i = 3; i < result.image.data.length; i += 4) if (result.image.data[i] > 0) visible++;
    expect(visible).toBe(0);
  });

  it('reads a see-through picture as ink on white paper: a result fed back in keeps its ink', async () => {
    const first = await cleanImage(testForm().image, options({ mode: 'basic' }));
    const again = await cleanImage(first.image, options({ mode: 'basic' }));
    // Transparent pixels hold black RGB here, and the strokes' soft edges their ink's full colour.
    let kept = 0;
    let keptAgain = 0;
    let both = 0;
    for (let i = 3; i < first.image.data.length; i += 4) {
      const a = first.image.data[i] >= 128;
      const b = again.image.data[i] >= 128;
      kept += +a;
      keptAgain += +b;
      both += +(a && b);
    }
    expect(kept).toBeGreaterThan(500);
    expect(both / (kept + keptAgain - both)).toBeGreaterThan(0.9);
  });

  it('gives identical output across runs', async () => {
    const a = await cleanImage(testForm(shadowedPaper).image, options());
    const b = await cleanImage(testForm(shadowedPaper).image, options());
    expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
  });

  it('crops to the kept ink with a margin and reports the box', async () => {
    const page = testForm();
    const result = await cleanImage(page.image, options({ mode: 'advanced', extract: 'stamp', crop: true }));
    expect(result.crop).toBeDefined();
    const crop = result.crop!;
    // The stamp ring spans about 305..435 × 85..215.
    expect(crop.left).toBeGreaterThan(280);
    expect(crop.left).toBeLessThan(312);
    expect(crop.top).toBeGreaterThan(60);
    expect(crop.left + crop.width).toBeGreaterThan(430);
    expect(crop.top + crop.height).toBeLessThan(245);
    expect(result.image.width).toBe(crop.width);
    expect(result.image.height).toBe(crop.height);
  });
});

describe('extract with lines crossing the kept element', () => {
  function signatureOnLine(): SyntheticPage {
    const canvas = new PageCanvas(480, 240, () => [250, 250, 250]);
    canvas.rect(20, 150, 440, 2, BLACK, InkClass.formLine);
    const stroke: Array<[number, number]> = [];
    for (let t = 0; t <= 200; t += 2) stroke.push([140 + t, 150 + 40 * Math.sin(t / 16)]);
    canvas.stroke(stroke, 3, PEN_BLUE, InkClass.handwriting);
    return canvas.page();
  }
  /** Visible line pixels within `range` px of x where the stroke crosses, and far from it. */
  function linePixels(out: RgbaImage): { near: number; far: number } {
    let near = 0;
    let far = 0;
    for (let x = 20; x < 460; x++) {
      for (let y = 150; y < 152; y++) {
        if (out.data[(y * out.width + x) * 4 + 3] < 128) continue;
        if (x >= 130 && x <= 350) near++;
        else far++;
      }
    }
    return { near, far };
  }

  it('keeps the signature whole where it crosses the line, and drops the line away from it', async () => {
    const page = signatureOnLine();
    const result = await cleanImage(page.image, options({ mode: 'advanced', extract: 'signature' }));
    expect(keptFractions(page, result.image).handwriting).toBeGreaterThan(0.97);
    const { near, far } = linePixels(result.image);
    expect(far).toBe(0);
    expect(near).toBeGreaterThan(0);
  });

  it('with aggressive, removes line pixels touching the signature too', async () => {
    const page = signatureOnLine();
    const gentle = linePixels((await cleanImage(page.image, options({ mode: 'advanced', extract: 'signature' }))).image);
    const result = await cleanImage(page.image, options({ mode: 'advanced', extract: 'signature', aggressive: true }));
    const { near, far } = linePixels(result.image);
    expect(far).toBe(0);
    expect(near).toBeLessThan(gentle.near);
    expect(keptFractions(page, result.image).handwriting).toBeGreaterThan(0.9);
  });
});

describe('compositionKey', () => {
  it('treats extract or aggressive with basic/standard as advanced', () => {
    expect(compositionKey(options({ mode: 'basic' }))).toBe('basic');
    expect(compositionKey(options({ mode: 'standard' }))).toBe('standard');
    expect(compositionKey(options({ mode: 'standard', extract: 'signature' }))).toBe('signature');
    expect(compositionKey(options({ mode: 'basic', aggressive: true }))).toBe('advanced+aggressive');
    expect(compositionKey(options({ mode: 'advanced', extract: 'stamp', aggressive: true }))).toBe('stamp+aggressive');
  });
});
