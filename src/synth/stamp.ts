/**
 * Stamps: round seals (rings, text along the ring; a centre text, a star, a central emblem, or
 * several concentric rings with two bands of text), oval seals (text along the ellipse) and
 * rectangular stamps (single or double frame, square or rounded corners, lines of text, a date;
 * some with a filled header bar whose text is knocked out). Drawn crisp here; smudging, uneven
 * ink, dropouts and partial transparency are applied when the page is composited (compose.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, facesFor, PRINTED_FONTS } from './fonts';
import type { Random } from './random';
import { drawWithHoles, ellipseText, polygonPath, ringText, star } from './shapes';
import { dateText, numberText, STAMP_CENTRE, STAMP_RING, type Language } from './text';

export type StampShape = 'round' | 'oval' | 'rect';
/** round: classic | emblem | rings; oval: oval; rect: frame | bar. */
export type StampVariant = 'classic' | 'emblem' | 'rings' | 'oval' | 'frame' | 'bar';

export interface StampInfo {
  shape: StampShape;
  variant: StampVariant;
  /** Centre and half-extent (page units, before the page rotation). */
  cx: number;
  cy: number;
  radius: number;
}

type Font = (size: number) => string;

function fitText(ctx: SKRSContext2D, value: string, maxWidth: number, size: number, font: Font): number {
  let s = size;
  ctx.font = font(s);
  const w = ctx.measureText(value).width;
  if (w > maxWidth) {
    s = (s * maxWidth) / w;
    ctx.font = font(s);
  }
  return s;
}

function circle(ctx: SKRSContext2D, r: number, lineWidth: number): void {
  ctx.lineWidth = lineWidth;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.stroke();
}

function ringLine(random: Random, language: Language): string {
  return `${random.pick(STAMP_RING[language])} ${random.pick(['*', '•', '*', '*'])} ${random.chance(0.5) ? numberText(random) : random.pick(STAMP_RING[language])} ${random.pick(['*', '•'])} `;
}

/** A small device in the seal's centre: a star in a ring, a shield with a letter, or a hexagon with a star. */
function centralEmblem(ctx: SKRSContext2D, random: Random, inner: number, font: Font, language: Language): void {
  const kind = random.int(0, 2);
  const r = inner * random.range(0.55, 0.7);
  ctx.lineWidth = random.range(1, 2);
  if (kind === 0) {
    circle(ctx, r, ctx.lineWidth);
    star(ctx, r * 0.8, random.chance(0.7) ? 5 : 6);
  } else if (kind === 1) {
    ctx.beginPath();
    ctx.moveTo(-r * 0.7, -r * 0.8);
    ctx.lineTo(r * 0.7, -r * 0.8);
    ctx.lineTo(r * 0.7, 0);
    ctx.quadraticCurveTo(r * 0.6, r * 0.7, 0, r);
    ctx.quadraticCurveTo(-r * 0.6, r * 0.7, -r * 0.7, 0);
    ctx.closePath();
    ctx.stroke();
    const letter = random.pick(STAMP_CENTRE[language])[0];
    fitText(ctx, letter, r, r * 0.95, font);
    ctx.textAlign = 'center';
    ctx.fillText(letter, 0, r * 0.3);
  } else {
    polygonPath(ctx, r, 6);
    ctx.stroke();
    star(ctx, r * 0.6, 5);
  }
  if (random.chance(0.5)) {
    // A registration number under the emblem.
    const value = numberText(random);
    fitText(ctx, value, inner * 1.2, inner * 0.16, font);
    ctx.textAlign = 'center';
    ctx.fillText(value, 0, r + inner * 0.2);
  }
}

function centreLines(ctx: SKRSContext2D, random: Random, inner: number, font: Font, language: Language, dy: number): void {
  ctx.textAlign = 'center';
  const lines = random.int(1, 3);
  const size = inner * random.range(0.25, 0.38);
  for (let i = 0; i < lines; i++) {
    const value = i === 0 ? random.pick(STAMP_CENTRE[language]) : random.chance(0.5) ? numberText(random) : random.pick(STAMP_CENTRE[language]);
    fitText(ctx, value, inner * 1.6, size * (i === 0 ? 1 : 0.75), font);
    ctx.fillText(value, 0, (i - (lines - 1) / 2) * size * 1.15 + size * 0.35 + dy);
  }
}

function roundSeal(ctx: SKRSContext2D, random: Random, font: Font, language: Language, variant: 'classic' | 'emblem' | 'rings'): number {
  const r = random.range(62, 100);
  circle(ctx, r, random.range(1.8, 4));
  if (random.chance(variant === 'rings' ? 0.8 : 0.5)) circle(ctx, r * random.range(0.9, 0.94), random.range(0.8, 1.6));
  const inner = r * (variant === 'rings' ? random.range(0.5, 0.56) : random.range(0.6, 0.68));
  circle(ctx, inner, random.range(1, 2.2));
  if (variant === 'rings') {
    // Two bands of text between three rings.
    const middle = inner + (r - inner) * random.range(0.47, 0.53);
    circle(ctx, middle, random.range(0.8, 1.8));
    const outerSize = (r * 0.92 - middle) * random.range(0.5, 0.62);
    ctx.font = font(outerSize);
    ringText(ctx, ringLine(random, language), (r * 0.92 + middle) / 2 - outerSize * 0.35);
    const innerSize = (middle - inner) * random.range(0.5, 0.62);
    ctx.font = font(innerSize);
    ringText(ctx, `${random.pick(STAMP_RING[language])} • ${numberText(random)} • `, (middle + inner) / 2 - innerSize * 0.35);
    centreLines(ctx, random, inner, font, language, 0);
    return r;
  }
  const ringSize = (r - inner) * random.range(0.45, 0.6);
  ctx.font = font(ringSize);
  ringText(ctx, ringLine(random, language), (r + inner) / 2 - ringSize * 0.35);
  if (variant === 'emblem') {
    centralEmblem(ctx, random, inner, font, language);
    return r;
  }
  ctx.textAlign = 'center';
  const centre = random.next();
  if (centre < 0.3) star(ctx, inner * random.range(0.3, 0.5), 5);
  if (centre >= 0.2) centreLines(ctx, random, inner, font, language, centre < 0.3 ? inner * 0.45 : 0);
  return r;
}

function ovalSeal(ctx: SKRSContext2D, random: Random, font: Font, language: Language): number {
  const a = random.range(80, 120);
  const b = a * random.range(0.55, 0.72);
  const ellipse = (da: number, lineWidth: number) => {
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    ctx.ellipse(0, 0, a - da, b - da, 0, 0, Math.PI * 2);
    ctx.stroke();
  };
  ellipse(0, random.range(1.8, 3.6));
  if (random.chance(0.5)) ellipse(b * random.range(0.06, 0.1), random.range(0.8, 1.5));
  const band = b * random.range(0.3, 0.38);
  ellipse(band, random.range(1, 2));
  const size = band * random.range(0.45, 0.58);
  ctx.font = font(size);
  ellipseText(ctx, ringLine(random, language), a - band / 2 - size * 0.35, b - band / 2 - size * 0.35);
  const innerA = a - band;
  const innerB = b - band;
  ctx.textAlign = 'center';
  const lines = random.int(1, 2);
  const lineSize = innerB * random.range(0.4, 0.55);
  for (let i = 0; i < lines; i++) {
    const value = i === 0 ? random.pick(STAMP_CENTRE[language]) : random.chance(0.5) ? numberText(random) : dateText(random, language);
    fitText(ctx, value, innerA * 1.5, lineSize * (i === 0 ? 1 : 0.7), font);
    ctx.fillText(value, 0, (i - (lines - 1) / 2) * lineSize * 1.1 + lineSize * 0.35);
  }
  return a;
}

function rectStamp(ctx: SKRSContext2D, random: Random, font: Font, language: Language, bar: boolean): number {
  const w = random.range(150, 280);
  const h = w * random.range(bar ? 0.4 : 0.3, 0.6);
  ctx.lineWidth = random.range(1.8, 4);
  const rounded = random.chance(0.3);
  if (rounded) {
    ctx.beginPath();
    ctx.roundRect(-w / 2, -h / 2, w, h, h * 0.2);
    ctx.stroke();
  } else ctx.strokeRect(-w / 2, -h / 2, w, h);
  let top = -h / 2;
  if (bar) {
    // A filled header bar with its title knocked out (white letters in the ink).
    const barHeight = h * random.range(0.28, 0.38);
    const title = random.pick(STAMP_CENTRE[language]).toUpperCase();
    drawWithHoles(ctx, w / 2 + 4, (ink, holes) => {
      ink.beginPath();
      ink.roundRect(-w / 2, -h / 2, w, barHeight, rounded ? [h * 0.2, h * 0.2, 0, 0] : 0);
      ink.fill();
      fitText(holes, title, w * 0.85, barHeight * 0.68, font);
      holes.textAlign = 'center';
      holes.fillText(title, 0, -h / 2 + barHeight * 0.75);
    });
    top += barHeight;
  } else if (random.chance(0.5)) {
    ctx.lineWidth = random.range(0.8, 1.8);
    const m = random.range(4, 8);
    ctx.strokeRect(-w / 2 + m, -h / 2 + m, w - 2 * m, h - 2 * m);
  }
  ctx.textAlign = 'center';
  const lines = bar ? random.int(1, 2) : random.int(2, 3);
  const room = h / 2 - top;
  const size = (room / (lines + 0.6)) * random.range(0.55, 0.75);
  const middle = (top + h / 2) / 2;
  for (let i = 0; i < lines; i++) {
    const n = bar ? i + 1 : i;
    const value = n === 0 ? random.pick(STAMP_CENTRE[language]) : n === 1 ? dateText(random, language) : `№ ${numberText(random)}`;
    fitText(ctx, value, w * 0.85, size * (n === 0 ? 1.25 : 1), font);
    ctx.fillText(value, 0, middle + (i - (lines - 1) / 2) * size * 1.35 + size * 0.4);
  }
  if (!bar && random.chance(0.3)) {
    ctx.lineWidth = random.range(0.8, 1.6);
    ctx.beginPath();
    ctx.moveTo(-w / 2 + 8, -h / 2 + size * 1.6);
    ctx.lineTo(w / 2 - 8, -h / 2 + size * 1.6);
    ctx.stroke();
  }
  return w / 2;
}

/**
 * Draws one stamp centred at (cx, cy) into the stamp layer (whose fill/stroke colour the caller
 * sets). Shares: round seals 60% (classic 36%, central emblem 12%, concentric rings 12%), ovals
 * 8%, rectangles 32% (a quarter of them with a filled header bar).
 */
export function drawStamp(ctx: SKRSContext2D, random: Random, cx: number, cy: number, language: Language): StampInfo {
  const faces = facesFor(PRINTED_FONTS, language === 'ru' ? 'я' : 'a');
  const face = random.pick(faces);
  const bold = random.chance(0.3);
  const font: Font = (s) => cssFont(face, s, { bold });
  const kind = random.next();
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(random.range(-0.45, 0.45));
  ctx.lineCap = 'round';
  let info: Pick<StampInfo, 'shape' | 'variant' | 'radius'>;
  if (kind < 0.6) {
    const variant = kind < 0.36 ? 'classic' : kind < 0.48 ? 'emblem' : 'rings';
    info = { shape: 'round', variant, radius: roundSeal(ctx, random, font, language, variant) };
  } else if (kind < 0.68) info = { shape: 'oval', variant: 'oval', radius: ovalSeal(ctx, random, font, language) };
  else {
    const bar = random.chance(0.25);
    info = { shape: 'rect', variant: bar ? 'bar' : 'frame', radius: rectStamp(ctx, random, font, language, bar) };
  }
  ctx.restore();
  return { ...info, cx, cy };
}
