/**
 * Printed company logos for the letterhead: simple vector emblems (discs, rings, squares, diamonds,
 * mountains of triangles, stylised initials) and round emblems with the company name around them.
 * They are printed ink (the printed layer, InkClass.printed): crisp, solid and evenly inked, often
 * in a corporate colour — a round coloured logo is not a stamp. Letters knocked out of a filled
 * shape are cut from the layer's coverage (drawWithHoles), so the truth has the holes too.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { cssFont, type FontFace } from './fonts';
import type { Random } from './random';
import { arcText, drawWithHoles, polygonPath, ringText, star } from './shapes';

export type LogoKind = 'disc' | 'ring' | 'square' | 'diamond' | 'mountains' | 'initials' | 'emblem';
export const LOGO_KINDS: readonly LogoKind[] = ['disc', 'ring', 'square', 'diamond', 'mountains', 'initials', 'emblem'];

export interface LogoInfo {
  kind: LogoKind;
  /** Colour name of the main ink (see ACCENT_INKS). */
  colour: string;
  /** Bounding box, page units, before the page rotation. */
  box: { x: number; y: number; width: number; height: number };
}

/** One or two capital letters from the company name ("ООО «РОМАШКА»" → "Р", "Blue River Logistics" → "BR"). */
export function logoInitials(company: string, two: boolean): string {
  const core = company.replace(/^(ООО|АО|ПАО|ЗАО|ИП|ГБУ)\s+/u, '').replace(/[«»"&.,№]/g, ' ');
  const letters = core
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0].toUpperCase());
  return (two ? letters.slice(0, 2) : letters.slice(0, 1)).join('') || 'A';
}

function centredText(ctx: SKRSContext2D, value: string, size: number, face: FontFace, dy = 0): void {
  ctx.font = cssFont(face, size, { bold: true });
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(value, 0, dy);
  ctx.textBaseline = 'alphabetic';
}

export interface LogoParams {
  kind: LogoKind;
  /** Centre and size (the logo fits a size × size box), page units. */
  cx: number;
  cy: number;
  size: number;
  face: FontFace;
  /** CSS colours: the main ink and a second ink for two-tone logos (null: one colour). */
  ink: string;
  second: string | null;
  company: string;
}

/** Draws the logo on the printed layer (whose styles it leaves as they were). */
export function drawLogo(layer: SKRSContext2D, random: Random, p: LogoParams): void {
  layer.save();
  layer.translate(p.cx, p.cy);
  layer.fillStyle = p.ink;
  drawWithHoles(layer, p.size * 0.75, (ctx, holes) => drawShape(ctx, holes, random, p));
  layer.restore();
}

function drawShape(ctx: SKRSContext2D, holes: SKRSContext2D, random: Random, p: LogoParams): void {
  const r = p.size / 2;
  const second = p.second ?? p.ink;
  ctx.lineCap = 'butt';
  switch (p.kind) {
    case 'disc': {
      ctx.beginPath();
      ctx.arc(0, 0, r, 0, Math.PI * 2);
      ctx.fill();
      const letters = logoInitials(p.company, random.chance(0.4));
      centredText(holes, letters, r * (letters.length > 1 ? 0.85 : 1.15), p.face, r * 0.05);
      break;
    }
    case 'ring': {
      ctx.lineWidth = r * random.range(0.1, 0.18);
      ctx.beginPath();
      ctx.arc(0, 0, r - ctx.lineWidth / 2, 0, Math.PI * 2);
      ctx.stroke();
      ctx.fillStyle = second;
      const letters = logoInitials(p.company, random.chance(0.4));
      centredText(ctx, letters, r * (letters.length > 1 ? 0.8 : 1.05), p.face, r * 0.05);
      break;
    }
    case 'square':
    case 'diamond': {
      if (p.kind === 'diamond') ctx.rotate(Math.PI / 4);
      const side = p.kind === 'diamond' ? p.size * 0.72 : p.size * 0.9;
      ctx.beginPath();
      ctx.roundRect(-side / 2, -side / 2, side, side, side * random.range(0, 0.25));
      const letters = logoInitials(p.company, random.chance(0.3));
      if (random.chance(0.65)) {
        ctx.fill();
        if (p.kind === 'diamond') ctx.rotate(-Math.PI / 4);
        centredText(holes, letters, side * (letters.length > 1 ? 0.45 : 0.62), p.face, side * 0.03);
      } else {
        ctx.lineWidth = side * random.range(0.07, 0.12);
        ctx.stroke();
        if (p.kind === 'diamond') ctx.rotate(-Math.PI / 4);
        ctx.fillStyle = second;
        centredText(ctx, letters, side * (letters.length > 1 ? 0.42 : 0.58), p.face, side * 0.03);
      }
      break;
    }
    case 'mountains': {
      const peaks = random.int(2, 3);
      for (let i = 0; i < peaks; i++) {
        const w = p.size * random.range(0.5, 0.75);
        const h = p.size * random.range(0.45, 0.85);
        const x = -r + ((p.size - w) * i) / Math.max(1, peaks - 1);
        ctx.fillStyle = i % 2 === 0 ? p.ink : second;
        ctx.beginPath();
        ctx.moveTo(x, r * 0.8);
        ctx.lineTo(x + w / 2, r * 0.8 - h);
        ctx.lineTo(x + w, r * 0.8);
        ctx.closePath();
        ctx.fill();
      }
      if (random.chance(0.5)) {
        ctx.fillStyle = second;
        ctx.fillRect(-r, r * 0.86, p.size, p.size * 0.07);
      }
      break;
    }
    case 'initials': {
      const letters = logoInitials(p.company, random.chance(0.6));
      ctx.save();
      ctx.transform(1, 0, random.chance(0.5) ? -0.2 : 0, 1, 0, 0);
      centredText(ctx, letters, p.size * (letters.length > 1 ? 0.62 : 0.85), p.face, -p.size * 0.05);
      ctx.restore();
      ctx.fillStyle = ctx.strokeStyle = second;
      if (random.chance(0.5)) ctx.fillRect(-r, r * 0.5, p.size, p.size * 0.08);
      else {
        // A swoosh under or through the letters.
        ctx.lineWidth = p.size * 0.06;
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(-r, r * 0.55);
        ctx.quadraticCurveTo(0, r * random.range(0.1, 0.9), r, r * 0.1);
        ctx.stroke();
      }
      break;
    }
    case 'emblem': {
      const name = p.company.replace(/[«»"]/g, '').toUpperCase();
      const inner = r * random.range(0.62, 0.7);
      const band = r - inner;
      const textSize = band * random.range(0.5, 0.62);
      ctx.font = cssFont(p.face, textSize, { bold: random.chance(0.7) });
      if (random.chance(0.5)) {
        // A solid band with the name knocked out of it.
        ctx.beginPath();
        ctx.arc(0, 0, r, 0, Math.PI * 2);
        ctx.arc(0, 0, inner, 0, Math.PI * 2, true);
        ctx.fill();
        holes.font = cssFont(p.face, textSize, { bold: true });
        arcText(holes, name, inner + band / 2 - textSize * 0.35, -Math.PI * 0.8, Math.PI * 0.8);
      } else {
        ctx.lineWidth = r * random.range(0.04, 0.07);
        ctx.beginPath();
        ctx.arc(0, 0, r - ctx.lineWidth / 2, 0, Math.PI * 2);
        ctx.stroke();
        ctx.lineWidth = r * random.range(0.025, 0.05);
        ctx.beginPath();
        ctx.arc(0, 0, inner, 0, Math.PI * 2);
        ctx.stroke();
        // The name all around (twice when short, each followed by a dot), or along the top when very short.
        const once = `${name} • `;
        const radius = inner + band / 2 - textSize * 0.35;
        const fill = ctx.measureText(once).width / (Math.PI * 2 * radius);
        if (fill < 0.3) arcText(ctx, name, radius, -Math.PI * 0.9, Math.PI * 0.9);
        else ringText(ctx, fill < 0.55 ? once.repeat(2) : once, radius);
      }
      ctx.fillStyle = second;
      const centre = random.next();
      if (centre < 0.45) centredText(ctx, logoInitials(p.company, random.chance(0.5)), inner * 0.9, p.face, inner * 0.05);
      else if (centre < 0.7) star(ctx, inner * 0.75, 5);
      else {
        polygonPath(ctx, inner * 0.8, random.chance(0.5) ? 3 : 6);
        ctx.fill();
        if (random.chance(0.5)) centredText(holes, logoInitials(p.company, false), inner * 0.6, p.face, inner * 0.12);
      }
      break;
    }
  }
}
