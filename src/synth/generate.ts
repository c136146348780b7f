/**
 * generateDocument(seed) — one synthetic document photo/scan with pixel ground truth.
 *
 * Ink of each kind is drawn on its own canvas (printed text, form lines, handwriting, stamp, noise
 * specks), all under the same page transform (small rotation), so every layer's antialiased alpha is
 * that layer's exact ink coverage; a layer may hold several inks (a coloured logo beside black text,
 * two pens, two stamp pads) and its canvas keeps each pixel's colour. The truth maps come from those
 * coverages (after stamp smudges and dropouts); the image from MULTIPLY-blending the inks onto
 * paper, then light/shadow/cast/noise/blur, grey or bitonal scans, and JPEG or PNG.
 *
 * What a page holds (generator v2): layout.ts (letters, invoices, forms; 13 printed families with
 * bold and italic; accent colours and logos, logo.ts), placement.ts (one or two signatures,
 * initials, one or two stamps, smudges; signature.ts, stamp.ts) and degrade.ts (capture).
 * Everything random comes from the seed through independent streams (random.fork): same seed and
 * options, same bytes.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { RgbaImage } from '../core/shared/types';
import { groundTruth, inkStamp, LAYERS, multiplyInk, smudgeStamp, type Coverage, type GroundTruth, type InkColours, type LayerName, type PixelBox } from './compose';
import { capturePage, chooseCapture, encodeCapture, makePaper, type CaptureParams } from './degrade';
import { registerSynthFonts } from './fonts';
import { css as colour, jitter, type Rgb } from './inks';
import { drawPage, type DocumentKind } from './layout';
import type { LogoInfo } from './logo';
import { placeInk, type PlacedSignature, type PlacedStamp } from './placement';
import { createRandom, type Random } from './random';
import { drawScanBorders } from './scanBorders';
import { drawMarginPrint } from './marginPrint';
import type { RealInkLibrary } from './realInk';

export interface GenerateOptions {
  /** Page size in megapixels; default drawn from the seed: mostly 1–3.5 MP, one page in ten 3.5–12 MP. */
  megapixels?: number;
  /** Real signatures (cut-outs, pen trajectories) and stamps to place among the drawn ones (the class model's training renders only). */
  realInk?: RealInkLibrary;
  /** Every page a bitonal scan or fax (one in twenty otherwise): office letters reach us so (the class model's training renders only). */
  bitonal?: boolean;
  /** Dark bands of a scanner's lid or a copier's edge along one to three sides, class noise (the class model's training renders only). */
  scanBorders?: boolean;
  /** Print turned up or down a side margin (Bates numbers, form references), class printed (the class model's training renders only). */
  marginPrint?: boolean;
}

export interface DocumentMeta {
  seed: number;
  width: number;
  height: number;
  kind: DocumentKind;
  language: 'en' | 'ru';
  font: string;
  /** The page's accent colour name (coloured logo, title, headings, rules), if any. */
  accent: string | null;
  /** The printed logo by the company name, if any. */
  logo: LogoInfo | null;
  /** Page rotation in degrees (same on image and truth). */
  rotation: number;
  /** The first handwritten mark (the signature on the chosen line, when there is one), as in generator v1. */
  signature: PlacedSignature | null;
  /** Every handwritten mark: signatures (one per signing party) and initials/paraphs. */
  signatures: PlacedSignature[];
  /** The first stamp, as in generator v1. */
  stamp: PlacedStamp | null;
  stamps: PlacedStamp[];
  capture: CaptureParams;
  /** Milliseconds: draw (canvases), compose (truth + ink), capture (light/noise), encode. */
  timings: Record<string, number>;
}

export interface SynthDocument {
  /** The degraded page exactly as the encoded file decodes (opaque RGBA). */
  image: RgbaImage;
  /** The encoded file (JPEG or PNG, see meta.capture.format). */
  encoded: Buffer;
  truth: GroundTruth;
  meta: DocumentMeta;
}


function pageSize(random: Random, megapixels?: number): { width: number; height: number } {
  const mp = megapixels ?? (random.chance(0.9) ? Math.exp(random.range(Math.log(1), Math.log(3.5))) : random.range(3.5, 12));
  const aspect = random.chance(0.8) ? Math.SQRT2 : 1.294;
  const landscape = random.chance(0.08);
  const short = Math.round(Math.sqrt((mp * 1e6) / aspect));
  const long = Math.round(short * aspect);
  return landscape ? { width: long, height: short } : { width: short, height: long };
}


function drawNoise(ctx: SKRSContext2D, random: Random, pageHeight: number): void {
  const specks = random.chance(0.6) ? random.int(3, 40) : 0;
  for (let i = 0; i < specks; i++) {
    ctx.beginPath();
    ctx.arc(random.range(0, 1000), random.range(0, pageHeight), random.range(0.4, 1.6), 0, Math.PI * 2);
    ctx.fill();
  }
  if (random.chance(0.15)) {
    // A hair or scratch.
    ctx.lineWidth = random.range(0.3, 0.8);
    ctx.beginPath();
    let x = random.range(0, 1000);
    let y = random.range(0, pageHeight);
    ctx.moveTo(x, y);
    for (let k = 0; k < 4; k++) {
      x += random.range(-40, 40);
      y += random.range(-40, 40);
      ctx.quadraticCurveTo(x + random.range(-20, 20), y + random.range(-20, 20), x, y);
    }
    ctx.stroke();
  }
}

/**
 * A page before capture: the paper with its inks (3 floats per pixel), each ink layer's coverage (the
 * truth's source, after stamp smudges and dropouts) and the truth. generateDocument captures it as a
 * scan or a photo; the desk scene (desk/scene.ts) warps it onto a desk first.
 */
export interface RenderedPage {
  width: number;
  height: number;
  paper: Float32Array;
  coverage: Coverage;
  truth: GroundTruth;
  /** The capture's own stream, forked with the page's so the flat capture keeps its values. */
  captureRandom: Random;
  meta: Omit<DocumentMeta, 'capture' | 'timings'>;
  timings: { draw: number; compose: number };
}

export function renderPage(seed: number, options: GenerateOptions = {}): RenderedPage {
  registerSynthFonts();
  const t0 = performance.now();
  const random = createRandom(seed);
  // Independent streams per concern, so changing one part of the generator does not reshuffle the others.
  const layoutRandom = random.fork(1);
  const inkRandom = random.fork(2);
  const paperRandom = random.fork(3);
  const captureRandom = random.fork(4);
  const { width, height } = pageSize(random, options.megapixels);
  const unit = width / 1000;
  const pageHeight = (1000 * height) / width;
  const rotation = random.chance(0.75) ? random.range(-2.5, 2.5) : 0;
  // Streams added by generator v2 are forked after the v1 draws, so those keep their values.
  const lookRandom = random.fork(5);

  const canvases = LAYERS.map(() => createCanvas(width, height));
  const layers = {} as Record<LayerName, SKRSContext2D>;
  LAYERS.forEach((name, i) => {
    const ctx = canvases[i].getContext('2d');
    ctx.translate(width / 2, height / 2);
    ctx.rotate((rotation * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
    ctx.scale(unit, unit);
    layers[name] = ctx;
  });
  const printedInk = jitter(layoutRandom, layoutRandom.chance(0.85) ? [22, 22, 26] : [55, 55, 60], 10);
  layers.printed.fillStyle = colour(printedInk);
  layers.formLine.strokeStyle = layers.formLine.fillStyle = colour(printedInk);
  const layout = drawPage(layers.printed, layers.formLine, layoutRandom, lookRandom, pageHeight, colour(printedInk));
  // Forked only with a library, after every other stream, so pages without one keep their bytes.
  const realInk = options.realInk ? { library: options.realInk, random: random.fork(6) } : undefined;
  const placed = placeInk(layers, inkRandom, layout.slots, layout.language, pageHeight, layout.bottom, realInk);
  const noiseInk: Rgb = [60, 55, 50];
  layers.noise.fillStyle = layers.noise.strokeStyle = colour(noiseInk);
  drawNoise(layers.noise, inkRandom, pageHeight);
  // Forked only when asked for, after every other stream, so other pages keep their bytes.
  if (options.scanBorders) drawScanBorders(layers.noise, random.fork(7), width, height);
  if (options.marginPrint) drawMarginPrint(layers.printed, random.fork(8), pageHeight);

  const coverage = {} as Coverage;
  const inkColours = {} as InkColours;
  LAYERS.forEach((name, i) => {
    const rgba = layers[name].getImageData(0, 0, width, height).data;
    const alpha = new Uint8Array(width * height);
    for (let p = 0; p < alpha.length; p++) alpha[p] = rgba[p * 4 + 3];
    coverage[name] = alpha;
    inkColours[name] = rgba;
    canvases[i].width = 1; // release the pixels early
  });
  const t1 = performance.now();

  // Each stamp's pixel box (its centre through the page transform, a generous half-extent).
  const stampBoxes: PixelBox[] = placed.stamps.map((s) => {
    const x = s.cx * unit - width / 2;
    const y = s.cy * unit - height / 2;
    const a = (rotation * Math.PI) / 180;
    const px = width / 2 + x * Math.cos(a) - y * Math.sin(a);
    const py = height / 2 + x * Math.sin(a) + y * Math.cos(a);
    const half = (s.radius * 1.25 + 6) * unit;
    return { x0: Math.floor(px - half), y0: Math.floor(py - half), x1: Math.ceil(px + half), y1: Math.ceil(py + half) };
  });
  placed.stamps.forEach((s, i) => {
    if (s.smudge) smudgeStamp(coverage.stamp, width, height, stampBoxes[i], s.smudge.angle, s.smudge.length * unit);
  });
  const stampStrength = inkStamp(coverage.stamp, width, height, unit, paperRandom, stampBoxes);
  const truth = groundTruth(coverage);
  const paper = makePaper(width, height, unit, paperRandom);
  multiplyInk(
    coverage,
    inkColours,
    { printed: paperRandom.range(0.85, 1), formLine: paperRandom.range(0.8, 1), handwriting: paperRandom.range(0.8, 1), stamp: stampStrength, noise: paperRandom.range(0.3, 0.9) },
    paper,
  );
  const t2 = performance.now();
  return {
    width,
    height,
    paper,
    coverage,
    truth,
    captureRandom,
    meta: {
      seed,
      width,
      height,
      kind: layout.kind,
      language: layout.language,
      font: layout.font,
      accent: layout.accent,
      logo: layout.logo,
      rotation,
      signature: placed.signatures[0] ?? null,
      signatures: placed.signatures,
      stamp: placed.stamps[0] ?? null,
      stamps: placed.stamps,
    },
    timings: { draw: t1 - t0, compose: t2 - t1 },
  };
}

export async function generateDocument(seed: number, options: GenerateOptions = {}): Promise<SynthDocument> {
  const page = renderPage(seed, options);
  const { width, height, paper, truth, captureRandom } = page;
  const unit = width / 1000;
  const t2 = performance.now();
  const capture = chooseCapture(captureRandom, unit, options.bitonal === true);
  const rgba = capturePage(paper, width, height, capture, captureRandom);
  const t3 = performance.now();
  const { encoded, image } = await encodeCapture(rgba, width, height, capture);
  const t4 = performance.now();
  const { draw, compose } = page.timings;
  return {
    image,
    encoded,
    truth,
    meta: { ...page.meta, capture, timings: { draw, compose, capture: t3 - t2, encode: t4 - t3, total: draw + compose + t4 - t2 } },
  };
}
