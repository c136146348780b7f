/**
 * Stamps: round seals (rings, text along the ring, centre text or a star) and rectangular stamps
 * (single or double frame, lines of text, a date). Drawn crisp here; uneven ink, dropouts and
 * partial transparency are applied when the page is composited (see compose.ts).
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, facesFor, PRINTED_FONTS } from './fonts';
import type { Random } from './random';
import { dateText, numberText, STAMP_CENTRE, STAMP_RING, type Language } from './text';

export interface StampInfo {
  shape: 'round' | 'rect';
  /** Centre and half-extent (page units, before the page rotation). */
  cx: number;
  cy: number;
  radius: number;
}

function star(ctx: SKRSContext2D, r: number, points: number): void {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const a = (i / (points * 2)) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    if (i === 0) ctx.moveTo(Math.cos(a) * rr, Math.sin(a) * rr);
    else ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

function ringText(ctx: SKRSContext2D, textValue: string, radius: number, size: number): void {
  const chars = [...textValue];
  const step = (Math.PI * 2) / chars.length;
  ctx.textAlign = 'center';
  for (let i = 0; i < chars.length; i++) {
    ctx.save();
    ctx.rotate(i * step);
    ctx.fillText(chars[i], 0, -radius);
    ctx.restore();
  }
  void size;
}

function fitText(ctx: SKRSContext2D, value: string, maxWidth: number, size: number, font: (s: number) => string): number {
  let s = size;
  ctx.font = font(s);
  const w = ctx.measureText(value).width;
  if (w > maxWidth) {
    s = (s * maxWidth) / w;
    ctx.font = font(s);
  }
  return s;
}

export function drawStamp(ctx: SKRSContext2D, random: Random, cx: number, cy: number, language: Language): StampInfo {
  const faces = facesFor(PRINTED_FONTS, language === 'ru' ? 'я' : 'a');
  const face = random.pick(faces);
  const font = (s: number) => cssFont(face, s);
  const round = random.chance(0.6);
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(random.range(-0.45, 0.45));
  ctx.lineCap = 'round';
  let radius: number;
  if (round) {
    const r = random.range(62, 100);
    radius = r;
    ctx.lineWidth = random.range(1.8, 4);
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.stroke();
    if (random.chance(0.5)) {
      ctx.lineWidth = random.range(0.8, 1.6);
      ctx.beginPath();
      ctx.arc(0, 0, r * random.range(0.9, 0.94), 0, Math.PI * 2);
      ctx.stroke();
    }
    const inner = r * random.range(0.6, 0.68);
    ctx.lineWidth = random.range(1, 2.2);
    ctx.beginPath();
    ctx.arc(0, 0, inner, 0, Math.PI * 2);
    ctx.stroke();
    const ringSize = (r - inner) * random.range(0.45, 0.6);
    ctx.font = font(ringSize);
    const ring = `${random.pick(STAMP_RING[language])} ${random.pick(['*', '•', '★', '*'])} ${random.chance(0.5) ? numberText(random) : random.pick(STAMP_RING[language])} ${random.pick(['*', '•'])} `;
    ringText(ctx, ring, (r + inner) / 2 - ringSize * 0.35, ringSize);
    ctx.textAlign = 'center';
    const centre = random.next();
    if (centre < 0.3) star(ctx, inner * random.range(0.3, 0.5), 5);
    if (centre >= 0.2) {
      const lines = random.int(1, 3);
      const size = inner * random.range(0.25, 0.38);
      for (let i = 0; i < lines; i++) {
        const value = i === 0 ? random.pick(STAMP_CENTRE[language]) : random.chance(0.5) ? numberText(random) : random.pick(STAMP_CENTRE[language]);
        fitText(ctx, value, inner * 1.6, size * (i === 0 ? 1 : 0.75), font);
        ctx.fillText(value, 0, (i - (lines - 1) / 2) * size * 1.15 + size * 0.35 + (centre < 0.3 ? inner * 0.45 : 0));
      }
    }
  } else {
    const w = random.range(150, 280);
    const h = w * random.range(0.3, 0.6);
    radius = w / 2;
    ctx.lineWidth = random.range(1.8, 4);
    if (random.chance(0.3)) {
      const rr = h * 0.2;
      ctx.beginPath();
      ctx.roundRect(-w / 2, -h / 2, w, h, rr);
      ctx.stroke();
    } else ctx.strokeRect(-w / 2, -h / 2, w, h);
    if (random.chance(0.5)) {
      ctx.lineWidth = random.range(0.8, 1.8);
      const m = random.range(4, 8);
      ctx.strokeRect(-w / 2 + m, -h / 2 + m, w - 2 * m, h - 2 * m);
    }
    ctx.textAlign = 'center';
    const lines = random.int(2, 3);
    const size = (h / (lines + 0.6)) * random.range(0.55, 0.75);
    for (let i = 0; i < lines; i++) {
      const value = i === 0 ? random.pick(STAMP_CENTRE[language]) : i === 1 ? dateText(random, language) : `№ ${numberText(random)}`;
      fitText(ctx, value, w * 0.85, size * (i === 0 ? 1.25 : 1), font);
      ctx.fillText(value, 0, (i - (lines - 1) / 2) * size * 1.35 + size * 0.4);
    }
    if (random.chance(0.3)) {
      ctx.lineWidth = random.range(0.8, 1.6);
      ctx.beginPath();
      ctx.moveTo(-w / 2 + 8, -h / 2 + size * 1.6);
      ctx.lineTo(w / 2 - 8, -h / 2 + size * 1.6);
      ctx.stroke();
    }
  }
  ctx.restore();
  return { shape: round ? 'round' : 'rect', cx, cy, radius };
}
