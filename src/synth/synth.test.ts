import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InkClass } from '../core/shared/types';
import { CLASS_THRESHOLD } from './compose';
import { createCanvas } from '@napi-rs/canvas';
import { cssFont, HANDWRITING_FONTS, PRINTED_FONTS, registerSynthFonts } from './fonts';
import { generateDocument, type DocumentMeta } from './generate';
import { loadRealInkLibrary } from './realInk';
import { toPixel } from './testing/pagePixels';
import { SPLIT_BASE, SPLIT_SIZE, splitOfSeed, splitSeed, type Split } from './splits';

/** The only handwriting fonts synthetic training data may use; all others are reserved for independent evaluation. */
const ALLOWED_HANDWRITING = [
  'caveat', 'dancing-script', 'great-vibes', 'alex-brush', 'allura', 'sacramento', 'satisfy', 'yellowtail', 'kaushan-script',
  'parisienne', 'pinyon-script', 'bad-script', 'indie-flower', 'reenie-beanie', 'shadows-into-light', 'rock-salt', 'vibur', 'caveat-brush',
];
const PRINTED = [
  'roboto', 'pt-serif', 'pt-sans', 'noto-serif', 'roboto-mono', 'open-sans', 'roboto-condensed',
  'tinos', 'arimo', 'cousine', 'ibm-plex-serif', 'pt-sans-narrow', 'fira-sans-condensed',
];

const SMALL = { megapixels: 0.35 };

/** Pixels of `map` ≥ 128 within a page-unit box (its pixel bounding box). */
function inked(doc: { meta: DocumentMeta }, box: { x: number; y: number; width: number; height: number }, map: Uint8Array): number {
  const { meta } = doc;
  const corners = [toPixel(meta, box.x, box.y), toPixel(meta, box.x + box.width, box.y), toPixel(meta, box.x, box.y + box.height), toPixel(meta, box.x + box.width, box.y + box.height)];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
  const x1 = Math.min(meta.width, Math.ceil(Math.max(...corners.map((c) => c[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
  const y1 = Math.min(meta.height, Math.ceil(Math.max(...corners.map((c) => c[1]))));
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (map[y * meta.width + x] >= 128) n++;
  return n;
}

/** Pixels that are pure black, and pixels that are neither pure black nor pure white. */
function blackAndWhite(data: Uint8ClampedArray): { black: number; other: number } {
  let black = 0;
  let other = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] !== 0 && data[i] !== 255) || data[i + 1] !== data[i] || data[i + 2] !== data[i]) other++;
    if (data[i] === 0) black++;
  }
  return { black, other };
}

describe('synthetic documents', () => {
  it('are deterministic per seed and differ between seeds', async () => {
    // 123: a bitonal scan; 52: two stamps and initials; 29: a smudged stamp.
    for (const seed of [123, 52, 29]) {
      const a = await generateDocument(seed, SMALL);
      const b = await generateDocument(seed, SMALL);
      const c = await generateDocument(seed + 1, SMALL);
      expect(Buffer.compare(a.encoded, b.encoded)).toBe(0);
      expect(Buffer.from(a.truth.classes).equals(Buffer.from(b.truth.classes))).toBe(true);
      expect(Buffer.from(a.truth.all).equals(Buffer.from(b.truth.all))).toBe(true);
      const { timings: _a, ...metaA } = a.meta;
      const { timings: _b, ...metaB } = b.meta;
      expect(metaA).toEqual(metaB);
      expect(Buffer.compare(a.encoded, c.encoded)).not.toBe(0);
    }
  });

  it('give every signature and stamp on the page its own truth', async () => {
    // 52: two stamps and initials; 23: two signing parties and initials; 29: a smudged stamp.
    const d52 = await generateDocument(52, SMALL);
    expect(d52.meta.stamps.length).toBe(2);
    const d23 = await generateDocument(23, SMALL);
    expect(d23.meta.signatures.filter((s) => s.style !== 'initials').length).toBe(2);
    const d29 = await generateDocument(29, SMALL);
    expect(d29.meta.stamps.some((s) => s.smudge)).toBe(true);
    for (const doc of [d52, d23, d29]) {
      for (const s of doc.meta.stamps) {
        const box = { x: s.cx - s.radius * 0.5, y: s.cy - s.radius * 0.5, width: s.radius, height: s.radius };
        expect(inked(doc, box, doc.truth.stamp), `stamp ${s.variant}`).toBeGreaterThan(20);
      }
      for (const s of doc.meta.signatures) expect(inked(doc, s.box, doc.truth.signature), `signature ${s.style}`).toBeGreaterThan(10);
    }
    for (const doc of [d52, d23]) expect(doc.meta.signatures.some((s) => s.style === 'initials')).toBe(true);
  });

  it('make bitonal scans black and white, with the ink truth unchanged', async () => {
    const doc = await generateDocument(123, SMALL);
    expect(doc.meta.capture.bitonal).toBe(true);
    expect(doc.meta.capture.format).toBe('png');
    const { black, other } = blackAndWhite(doc.image.data);
    expect(other).toBe(0);
    expect(black).toBeGreaterThan(200);
    expect(doc.truth.all.filter((v) => v >= 220).length).toBeGreaterThan(200);
  });

  it('make any page a bitonal scan when asked, with the same page drawn as without', async () => {
    // 52 is a colour page with two stamps; asked for bitonal, it is the same page in black and white.
    const drawn = await generateDocument(52, SMALL);
    const bitonal = await generateDocument(52, { ...SMALL, bitonal: true });
    expect(drawn.meta.capture.bitonal).toBe(false);
    expect(bitonal.meta.capture.bitonal).toBe(true);
    expect(Buffer.from(bitonal.truth.classes).equals(Buffer.from(drawn.truth.classes))).toBe(true);
    expect(blackAndWhite(bitonal.image.data).other).toBe(0);
    // A page drawn bitonal anyway stays as it was.
    const d123 = await generateDocument(123, SMALL);
    expect(Buffer.compare((await generateDocument(123, { ...SMALL, bitonal: true })).encoded, d123.encoded)).toBe(0);
  });

  it('give a page dark scan borders when asked: noise at its edges, the page itself drawn as without', async () => {
    const drawn = await generateDocument(52, SMALL);
    const bordered = await generateDocument(52, { ...SMALL, scanBorders: true });
    const { width, height } = bordered.meta;
    const classes = bordered.truth.classes;
    const edgeNoise = (x: number, y: number) => classes[y * width + x] === InkClass.noise;
    // Some side is a band of noise, all along it.
    const sideNoise = [
      Array.from({ length: height }, (_, y) => edgeNoise(0, y)),
      Array.from({ length: height }, (_, y) => edgeNoise(width - 1, y)),
      Array.from({ length: width }, (_, x) => edgeNoise(x, 0)),
      Array.from({ length: width }, (_, x) => edgeNoise(x, height - 1)),
    ].map((side) => side.filter(Boolean).length / side.length);
    expect(Math.max(...sideNoise)).toBeGreaterThan(0.95);
    expect(sideNoise.filter((share) => share > 0.95).length).toBeLessThanOrEqual(3);
    // Inside the bands, the same page: every pixel that is not noise now has the class it had.
    let changed = 0;
    for (let p = 0; p < classes.length; p++) if (classes[p] !== InkClass.noise && classes[p] !== drawn.truth.classes[p]) changed++;
    expect(changed).toBe(0);
    expect(Buffer.compare((await generateDocument(52, { ...SMALL, scanBorders: true })).encoded, bordered.encoded)).toBe(0);
  });

  it('print a column of type up or down a side margin when asked, as printed text, the page otherwise drawn as without', async () => {
    const drawn = await generateDocument(52, SMALL);
    const margined = await generateDocument(52, { ...SMALL, marginPrint: true });
    const { width, height } = margined.meta;
    const classes = margined.truth.classes;
    // New printed pixels, all in the outer 6 % of the width; on each side they run down the page (turned print).
    const sides = [0, 1].map(() => ({ added: 0, x0: width, x1: -1, y0: height, y1: -1 }));
    for (let p = 0; p < classes.length; p++) {
      if (classes[p] === drawn.truth.classes[p]) continue;
      expect(classes[p]).toBe(InkClass.printed);
      const x = p % width;
      const y = (p - x) / width;
      expect(Math.min(x, width - 1 - x)).toBeLessThan(width * 0.06);
      const side = sides[x < width / 2 ? 0 : 1];
      side.added++;
      [side.x0, side.x1, side.y0, side.y1] = [Math.min(side.x0, x), Math.max(side.x1, x), Math.min(side.y0, y), Math.max(side.y1, y)];
    }
    expect(sides[0].added + sides[1].added).toBeGreaterThan(20);
    for (const side of sides) if (side.added > 0) expect(side.y1 - side.y0).toBeGreaterThan(2 * (side.x1 - side.x0 + 1));
    expect(Buffer.compare((await generateDocument(52, { ...SMALL, marginPrint: true })).encoded, margined.encoded)).toBe(0);
  });

  it('have truth that lines up with dark pixels, and classes consistent with the layers', async () => {
    for (const seed of [7, 8, 9]) {
      const doc = await generateDocument(seed, SMALL);
      const { image, truth } = doc;
      const n = image.width * image.height;
      expect(truth.all.length).toBe(n);
      let inkSum = 0;
      let inkCount = 0;
      let paperSum = 0;
      let paperCount = 0;
      for (let p = 0; p < n; p++) {
        const lum = 0.299 * image.data[p * 4] + 0.587 * image.data[p * 4 + 1] + 0.114 * image.data[p * 4 + 2];
        if (truth.all[p] >= 220) {
          inkSum += lum;
          inkCount++;
        } else if (truth.all[p] === 0 && truth.classes[p] === InkClass.paper) {
          paperSum += lum;
          paperCount++;
        }
        if (truth.classes[p] === InkClass.stamp) expect(truth.stamp[p]).toBeGreaterThanOrEqual(CLASS_THRESHOLD);
        if (truth.classes[p] === InkClass.handwriting) expect(truth.signature[p]).toBeGreaterThanOrEqual(CLASS_THRESHOLD);
        if (truth.signature[p] >= 128 || truth.stamp[p] >= 128) expect(truth.all[p]).toBeGreaterThanOrEqual(128);
      }
      expect(inkCount).toBeGreaterThan(200);
      expect(inkSum / inkCount).toBeLessThan(paperSum / paperCount - 60);
      if (doc.meta.signature) expect(truth.signature.some((v) => v >= 128)).toBe(true);
    }
  });

  it('print coloured logos as printed ink, never as stamp', async () => {
    // A coloured round emblem (the look most like a seal) on a colour page: searched from a seed known to have one.
    let doc: Awaited<ReturnType<typeof generateDocument>> | undefined;
    for (let seed = 54; seed < 94 && !doc; seed++) {
      const candidate = await generateDocument(seed, SMALL);
      const { logo, capture } = candidate.meta;
      if (logo?.kind === 'emblem' && logo.colour !== 'dark' && !capture.grayscale && !capture.bitonal) doc = candidate;
    }
    if (!doc) throw new Error('no coloured emblem page in seeds 54-93');
    const { image, truth, meta } = doc;
    const box = meta.logo!.box;
    const stampBoxes = meta.stamps.map((s) => ({ x: s.cx - s.radius * 1.2, y: s.cy - s.radius * 1.2, width: s.radius * 2.4, height: s.radius * 2.4 }));
    const clear = !stampBoxes.some((b) => b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height);
    const [x0, y0] = toPixel(meta, box.x, box.y);
    const [x1, y1] = toPixel(meta, box.x + box.width, box.y + box.height);
    let printed = 0;
    let chroma = 0;
    for (let y = Math.max(0, Math.round(Math.min(y0, y1))); y < Math.min(meta.height, Math.round(Math.max(y0, y1))); y++) {
      for (let x = Math.max(0, Math.round(Math.min(x0, x1))); x < Math.min(meta.width, Math.round(Math.max(x0, x1))); x++) {
        const p = y * meta.width + x;
        if (clear) expect(truth.stamp[p]).toBe(0);
        if (truth.classes[p] === InkClass.printed && truth.all[p] >= 220) {
          printed++;
          const rgb = [image.data[p * 4], image.data[p * 4 + 1], image.data[p * 4 + 2]];
          chroma += Math.max(...rgb) - Math.min(...rgb);
        }
      }
    }
    expect(printed).toBeGreaterThan(50);
    expect(chroma / printed).toBeGreaterThan(30);
  });

  it('honour the requested size', async () => {
    const doc = await generateDocument(5, { megapixels: 0.5 });
    expect(Math.abs(doc.meta.width * doc.meta.height - 0.5e6)).toBeLessThan(0.02e6);
    expect(doc.image.data.length).toBe(doc.meta.width * doc.meta.height * 4);
  });
});

describe('splits', () => {
  it('use disjoint seed ranges', () => {
    const splits = Object.keys(SPLIT_BASE) as Split[];
    for (const s of splits) {
      expect(splitOfSeed(splitSeed(s, 0))).toBe(s);
      expect(splitOfSeed(splitSeed(s, SPLIT_SIZE - 1))).toBe(s);
      for (const t of splits) if (s !== t) expect(Math.abs(SPLIT_BASE[s] - SPLIT_BASE[t])).toBeGreaterThanOrEqual(SPLIT_SIZE);
    }
    expect(() => splitSeed('train', SPLIT_SIZE)).toThrow();
  });
});

describe('fonts', () => {
  it('use only the allowed handwriting fonts', () => {
    for (const face of HANDWRITING_FONTS) expect(ALLOWED_HANDWRITING).toContain(face.pkg);
    for (const face of PRINTED_FONTS) expect(PRINTED).toContain(face.pkg);
  });

  it('draw bold printed text with the real bold faces (more ink than regular)', () => {
    registerSynthFonts();
    const canvas = createCanvas(700, 60);
    const ctx = canvas.getContext('2d');
    const ink = (font: string) => {
      ctx.clearRect(0, 0, 700, 60);
      ctx.font = font;
      ctx.fillText('Invoice Счёт 2024', 5, 45);
      const data = ctx.getImageData(0, 0, 700, 60).data;
      let sum = 0;
      for (let i = 3; i < data.length; i += 4) sum += data[i];
      return sum;
    };
    for (const face of PRINTED_FONTS) {
      const regular = ink(cssFont(face, 36));
      expect(regular, face.pkg).toBeGreaterThan(0);
      if (face.bold) expect(ink(cssFont(face, 36, { bold: true })), face.pkg).toBeGreaterThan(regular * 1.15);
      expect(cssFont(face, 36, { bold: true, italic: true }).startsWith(`${face.italic ? 'italic ' : ''}${face.bold ? 'bold ' : ''}`)).toBe(true);
    }
  });

  it('reference no other installed font package anywhere in src/synth', () => {
    const require = createRequire(import.meta.url);
    const scope = path.join(path.dirname(require.resolve('@fontsource/roboto/package.json')), '..');
    const installed = readdirSync(scope);
    const forbidden = installed.filter((pkg) => !ALLOWED_HANDWRITING.includes(pkg) && !PRINTED.includes(pkg));
    const dir = path.dirname(fileURLToPath(import.meta.url));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const pkg of forbidden) expect(source.includes(`'${pkg}'`) || source.includes(`@fontsource/${pkg}`), `${file} mentions ${pkg}`).toBe(false);
      for (const m of source.matchAll(/pkg: '([a-z-]+)'/g)) expect([...ALLOWED_HANDWRITING, ...PRINTED]).toContain(m[1]);
    }
  });
});

describe('synthetic documents with real ink', () => {
  it('place cut-outs of real signatures and stamps in their own colour, with their coverage as truth', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inklift-real-ink-'));
    // A blue pen's loop and a red ring stand in for real cut-outs (RGBA: the ink's colour, alpha its coverage).
    const draw = (file: string, width: number, height: number, colour: string, paint: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void) => {
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.strokeStyle = colour;
      paint(ctx);
      writeFileSync(path.join(dir, file), canvas.toBuffer('image/png'));
    };
    draw('sig.png', 240, 80, 'rgb(20, 40, 160)', (ctx) => {
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.ellipse(120, 40, 100, 28, 0.2, 0, Math.PI * 2);
      ctx.stroke();
    });
    draw('stamp.png', 200, 200, 'rgb(170, 30, 40)', (ctx) => {
      ctx.lineWidth = 8;
      ctx.beginPath();
      ctx.arc(100, 100, 90, 0, Math.PI * 2);
      ctx.stroke();
    });
    writeFileSync(
      path.join(dir, 'index.json'),
      JSON.stringify([
        { file: 'sig.png', kind: 'signature', colour: 'ink', unitsPerPixel: 0.8, source: 'test' },
        { file: 'stamp.png', kind: 'stamp', colour: 'own', unitsPerPixel: 0.8, source: 'test' },
      ]),
    );
    const library = await loadRealInkLibrary(dir);
    let realSignatures = 0;
    let realStamps = 0;
    for (let seed = 0; seed < 12; seed++) {
      const doc = await generateDocument(seed, { ...SMALL, realInk: library });
      const again = await generateDocument(seed, { ...SMALL, realInk: library });
      expect(Buffer.compare(doc.encoded, again.encoded)).toBe(0);
      for (const s of doc.meta.signatures.filter((s) => s.style === 'real')) {
        realSignatures++;
        expect(inked(doc, s.box, doc.truth.signature)).toBeGreaterThan(10);
      }
      for (const s of doc.meta.stamps.filter((s) => s.shape === 'real')) {
        realStamps++;
        const ring = inked(doc, { x: s.cx - s.radius, y: s.cy - s.radius, width: 2 * s.radius, height: 2 * s.radius }, doc.truth.stamp);
        expect(ring).toBeGreaterThan(20);
        // The ring's own red, not a stamp ink of the generator's palette: on the whole, red over green and blue.
        const [x, y] = toPixel(doc.meta, s.cx, s.cy);
        const sums = [0, 0, 0];
        let solid = 0;
        const r = Math.ceil(s.radius * (doc.meta.width / 1000));
        for (let py = Math.max(0, Math.floor(y - r)); py < Math.min(doc.meta.height, y + r); py++) {
          for (let px = Math.max(0, Math.floor(x - r)); px < Math.min(doc.meta.width, x + r); px++) {
            const p = py * doc.meta.width + px;
            if (doc.truth.stamp[p] < 200 || doc.truth.classes[p] !== InkClass.stamp) continue;
            solid++;
            for (let c = 0; c < 3; c++) sums[c] += doc.image.data[p * 4 + c];
          }
        }
        if (solid > 30 && !doc.meta.capture.grayscale && !doc.meta.capture.bitonal) {
          expect(sums[0] / solid, 'red over green').toBeGreaterThan(sums[1] / solid + 15);
          expect(sums[0] / solid, 'red over blue').toBeGreaterThan(sums[2] / solid + 15);
        }
      }
    }
    expect(realSignatures).toBeGreaterThan(0);
    expect(realStamps).toBeGreaterThan(0);
    // Without a library the same seed is the page it always was.
    const plain = await generateDocument(3, SMALL);
    const withLibrary = await generateDocument(3, { ...SMALL, realInk: library });
    expect(plain.meta.signatures.every((s) => s.style !== 'real')).toBe(true);
    expect(withLibrary.meta.width).toBe(plain.meta.width);
  });
});
