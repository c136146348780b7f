/**
 * Handwritten signatures: a name in one of the allowed handwriting fonts and/or procedural pen
 * strokes (smooth random splines with loops, flourishes and underlines, pressure-varying width),
 * drawn with a pen from a thin ballpoint to a broad felt tip; and short initials (paraphs).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, facesFor, HANDWRITING_FONTS } from './fonts';
import type { Random } from './random';
import { PERSON_NAMES, type Language } from './text';

export interface Point {
  x: number;
  y: number;
}

export type PenKind = 'ballpoint' | 'gel' | 'felt';

/** Nominal stroke width (page units) of each pen: thin ballpoint to broad felt tip. */
export function penWidth(random: Random, kind: PenKind): number {
  return kind === 'ballpoint' ? random.range(0.8, 1.8) : kind === 'gel' ? random.range(1.6, 2.8) : random.range(2.8, 4.5);
}

export interface SignatureInfo {
  /** 'real': a real signature's cut-out (realInk.ts); 'trajectory': a real pen trajectory replayed (penTrajectory.ts). */
  style: 'font' | 'strokes' | 'font+strokes' | 'initials' | 'real' | 'trajectory';
  pen?: PenKind;
  font?: string;
  /** 'trajectory': which one (set/id). */
  source?: string;
  /** Approximate bounding box (page units, before the page rotation). */
  box: { x: number; y: number; width: number; height: number };
}

/** Catmull-Rom spline through the points, sampled about every `step` units. */
export function catmullRom(points: readonly Point[], step: number): Point[] {
  const out: Point[] = [];
  if (points.length < 2) return [...points];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const n = Math.max(2, Math.ceil(Math.hypot(p2.x - p1.x, p2.y - p1.y) / step));
    for (let k = 0; k < n; k++) {
      const t = k / n;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push({ x: f(p0.x, p1.x, p2.x, p3.x), y: f(p0.y, p1.y, p2.y, p3.y) });
    }
  }
  out.push(points[points.length - 1]);
  return out;
}

/** Strokes a polyline with a pen whose width follows a smooth pressure curve, tapered at both ends. */
export function penStroke(ctx: SKRSContext2D, points: readonly Point[], width: number, random: Random): void {
  if (points.length < 2) return;
  const f1 = random.range(2, 7);
  const f2 = random.range(7, 19);
  const ph1 = random.range(0, 6.3);
  const ph2 = random.range(0, 6.3);
  const taper = Math.min(8, Math.floor(points.length / 4));
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (let i = 1; i < points.length; i++) {
    const t = i / points.length;
    let pressure = 0.75 + 0.2 * Math.sin(f1 * t * Math.PI + ph1) + 0.1 * Math.sin(f2 * t * Math.PI + ph2);
    if (i < taper) pressure *= 0.45 + 0.55 * (i / taper);
    if (points.length - i < taper) pressure *= 0.35 + 0.65 * ((points.length - i) / taper);
    ctx.lineWidth = Math.max(0.35, width * pressure);
    ctx.beginPath();
    ctx.moveTo(points[i - 1].x, points[i - 1].y);
    ctx.lineTo(points[i].x, points[i].y);
    ctx.stroke();
  }
}

/** Control points of a scribbled signature body: up-down waves moving right, some loops. */
function scribblePoints(random: Random, x: number, baseline: number, length: number, height: number): Point[] {
  const pts: Point[] = [{ x, y: baseline - random.range(0, 0.3) * height }];
  // Capital: a tall loop or stem at the start.
  if (random.chance(0.7)) {
    const cx = x + height * random.range(0.15, 0.35);
    const r = height * random.range(0.25, 0.5);
    const start = random.range(0, Math.PI * 2);
    const turns = random.range(0.8, 1.6);
    for (let k = 0; k <= 8; k++) {
      const a = start + (k / 8) * turns * Math.PI * 2;
      pts.push({ x: cx + Math.cos(a) * r * random.range(0.6, 1), y: baseline - height * 0.55 + Math.sin(a) * r * random.range(0.9, 1.5) });
    }
  }
  let px = pts[pts.length - 1].x;
  const end = x + length;
  while (px < end) {
    px += height * random.range(0.12, 0.45);
    const up = random.chance(0.5);
    pts.push({ x: px, y: baseline - (up ? random.range(0.4, 1.1) : random.range(-0.15, 0.25)) * height });
    if (random.chance(0.12)) {
      // A small loop (like l, e or a descender).
      const r = height * random.range(0.1, 0.3);
      const below = random.chance(0.35);
      const cy = below ? baseline + r * 1.5 : baseline - height * 0.5;
      for (let k = 1; k <= 6; k++) {
        const a = (k / 6) * Math.PI * 2 + Math.PI / 2;
        pts.push({ x: px + Math.cos(a) * r, y: cy + Math.sin(a) * r * (below ? 2 : 1.3) });
      }
    }
  }
  return pts;
}

/** A final flourish: a long underline swoosh or a return stroke across the name. */
function flourishPoints(random: Random, x0: number, x1: number, baseline: number, height: number): Point[] {
  const kind = random.int(0, 2);
  if (kind === 0) {
    const y = baseline + height * random.range(0.05, 0.4);
    return [
      { x: x1 + height * 0.2, y: baseline - height * 0.3 },
      { x: x1 - height * 0.1, y: y + height * 0.1 },
      { x: (x0 + x1) / 2, y: y + random.range(-0.1, 0.15) * height },
      { x: x0 - height * random.range(0, 0.6), y: y - height * random.range(0, 0.3) },
    ];
  }
  if (kind === 1) {
    return [
      { x: x0 + height * 0.2, y: baseline + height * 0.2 },
      { x: (x0 + x1) / 2, y: baseline + height * random.range(0.1, 0.35) },
      { x: x1 + height * random.range(0.3, 1), y: baseline - height * random.range(0.2, 0.8) },
    ];
  }
  const midY = baseline - height * random.range(0.2, 0.6);
  return [
    { x: x1, y: baseline },
    { x: x1 + height * 0.4, y: midY - height * 0.3 },
    { x: x1 + height * 0.1, y: midY + height * 0.2 },
    { x: x0 + (x1 - x0) * random.range(0.2, 0.6), y: midY },
  ];
}

/**
 * Short initials or a paraph: one or two letters in a handwriting font, or a small looped
 * scribble, often with a tick or underline. Baseline near (x, baseline), page units.
 */
export function drawInitials(ctx: SKRSContext2D, random: Random, x: number, baseline: number, language: Language, pen: number): SignatureInfo {
  const height = random.range(12, 26);
  ctx.save();
  ctx.translate(x, baseline);
  ctx.rotate(random.range(-0.25, 0.1));
  ctx.transform(1, 0, random.range(-0.35, 0.05), 1, 0, 0);
  ctx.translate(-x, -baseline);
  let x1 = x + height * random.range(1, 2.2);
  let font: string | undefined;
  if (random.chance(0.55)) {
    const name = random.pick(PERSON_NAMES[random.chance(0.7) ? language : 'en']);
    const letters = name
      .split(/[\s.]+/)
      .filter(Boolean)
      .map((w) => w[0])
      .join(random.chance(0.4) ? '.' : '');
    const face = random.pick(facesFor(HANDWRITING_FONTS, letters));
    font = face.pkg;
    ctx.font = cssFont(face, height * random.range(1.1, 1.6));
    ctx.textAlign = 'left';
    ctx.fillText(letters, x, baseline);
    if (pen > 2.2) {
      ctx.lineWidth = pen * 0.3;
      ctx.strokeText(letters, x, baseline);
    }
    x1 = x + ctx.measureText(letters).width;
  } else penStroke(ctx, catmullRom(scribblePoints(random, x, baseline, x1 - x, height), 1.2), pen, random);
  if (random.chance(0.6)) penStroke(ctx, catmullRom(flourishPoints(random, x, x1, baseline, height * 0.8), 1.2), pen * random.range(0.7, 1), random);
  ctx.restore();
  return { style: 'initials', font, box: { x, y: baseline - height * 1.5, width: x1 - x + height, height: height * 2.2 } };
}

/**
 * Draws one signature with its baseline near (x, baseline) into the handwriting layer (whose
 * fill/stroke colour is set by the caller). All sizes in page units; `pen` is the stroke width.
 */
export function drawSignature(ctx: SKRSContext2D, random: Random, x: number, baseline: number, maxLength: number, language: Language, pen: number): SignatureInfo {
  const height = random.range(20, 42);
  const r = random.next();
  const style: SignatureInfo['style'] = r < 0.35 ? 'font' : r < 0.7 ? 'font+strokes' : 'strokes';
  let x1 = x + Math.min(maxLength, height * random.range(2.5, 6));
  let font: string | undefined;
  ctx.save();
  const slant = random.range(-0.35, 0.1);
  const angle = random.range(-0.18, 0.12);
  ctx.translate(x, baseline);
  ctx.rotate(angle);
  ctx.transform(1, 0, slant, 1, 0, 0);
  ctx.translate(-x, -baseline);
  if (style !== 'strokes') {
    const name = random.pick(PERSON_NAMES[random.chance(0.7) ? language : 'en']);
    const face = random.pick(facesFor(HANDWRITING_FONTS, name));
    font = face.pkg;
    let size = height * random.range(1.0, 1.6);
    ctx.font = cssFont(face, size);
    ctx.textAlign = 'left';
    const text = random.chance(0.5) ? name : name.split(' ').pop() ?? name;
    const natural = ctx.measureText(text).width;
    if (natural > maxLength) {
      // Keep the signature about as long as the line it sits on.
      size *= Math.max(0.45, maxLength / natural);
      ctx.font = cssFont(face, size);
    }
    ctx.fillText(text, x, baseline);
    if (pen > 2.2) {
      // A broad pen: thicken the glyphs a little with an outline.
      ctx.lineWidth = pen * 0.35;
      ctx.strokeText(text, x, baseline);
    }
    x1 = x + Math.min(maxLength * 1.2, ctx.measureText(text).width);
  }
  if (style !== 'font') {
    const bodyEnd = style === 'strokes' ? x1 : x + (x1 - x) * random.range(0.2, 0.6);
    if (style === 'strokes') penStroke(ctx, catmullRom(scribblePoints(random, x, baseline, x1 - x, height), 1.5), pen, random);
    penStroke(ctx, catmullRom(flourishPoints(random, x, random.chance(0.5) ? x1 : bodyEnd, baseline, height), 1.5), pen * random.range(0.7, 1.1), random);
    if (random.chance(0.3)) penStroke(ctx, catmullRom(scribblePoints(random, x1 - height * 0.5, baseline, height * random.range(0.5, 1.5), height * 0.6), 1.5), pen, random);
  }
  ctx.restore();
  return { style, font, box: { x, y: baseline - height * 1.5, width: x1 - x + height, height: height * 2.2 } };
}
