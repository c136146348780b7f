/**
 * Where the hand-made ink goes: signatures on the page's signature lines (one signing party, or two
 * on their own lines; sometimes initials only; often starting early across the printed label or
 * dropping through the line), a paraph in the bottom margin, and one or two stamps (over a
 * signature, beside a signature line, or elsewhere over the text). Page units throughout.
 *
 * Shares (of all pages): a signature 88%; a second signing party on 50% of pages with two
 * signature lines (~15% of pages); initials instead of a signature on 8% of signature lines; a
 * paraph at the bottom on 8%. Pens: ballpoint 55%, gel 30%, felt tip 15%; black ink about a
 * third. A stamp on ~77%; a second stamp on 15% of those; 8% of stamps smudged.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { LayerName } from './compose';
import { css, jitter, SIGNATURE_INKS, STAMP_INKS, type NamedInk, type Rgb } from './inks';
import type { SignatureSlot } from './layout';
import type { Random } from './random';
import { drawPenTrajectory, trajectorySize } from './penTrajectory';
import { drawCutout, pickRealInk, pickRealSignature, type RealInkSource } from './realInk';
import { drawInitials, drawSignature, penWidth, type PenKind, type SignatureInfo } from './signature';
import { drawStamp, type StampInfo } from './stamp';
import type { Language } from './text';

export type PlacedSignature = SignatureInfo & { overlapsStamp: boolean };

export interface PlacedStamp extends Omit<StampInfo, 'shape' | 'variant'> {
  /** 'real': a real impression's cut-out (realInk.ts). */
  shape: StampInfo['shape'] | 'real';
  variant: StampInfo['variant'] | 'real';
  colour: string;
  /** A directional smear of the stamp's coverage (page units), applied when compositing. */
  smudge: { angle: number; length: number } | null;
}

type Box = SignatureInfo['box'];

function pickPen(random: Random): PenKind {
  const r = random.next();
  return r < 0.55 ? 'ballpoint' : r < 0.85 ? 'gel' : 'felt';
}

function sign(ctx: SKRSContext2D, random: Random, slot: SignatureSlot, ink: Rgb, language: Language, realInk?: RealInkSource): SignatureInfo {
  const real = pickRealSignature(realInk);
  if (real && 'trajectory' in real && realInk?.library.trajectories) {
    // A real pen trajectory replayed with this page's pen and ink, placed like a cut-out.
    const r = realInk.random;
    const pen = pickPen(r);
    const nominal = penWidth(r, pen);
    const width = trajectorySize(r, real.trajectory, slot.width);
    const height = (width * real.trajectory.heightMm) / real.trajectory.widthMm;
    const x = slot.x + (r.chance(0.3) ? -r.range(20, 90) : r.range(-10, slot.width * 0.35));
    const place = { cx: x + width / 2, cy: slot.y - height * r.range(0.15, 0.45), width, angle: r.range(-0.08, 0.06), slant: r.range(-0.15, 0.1), pen, nominal };
    ctx.fillStyle = ctx.strokeStyle = css(ink);
    const box = drawPenTrajectory(ctx, realInk.library.trajectories, real.trajectory, place);
    return { style: 'trajectory', pen, source: `${real.trajectory.set}/${real.trajectory.id}`, box };
  }
  const cutout = real && 'cutout' in real ? real.cutout : null;
  if (cutout && realInk) {
    // A real signature in its own ink, starting over the line or across its label, dropping through it.
    const r = realInk.random;
    const scale = r.range(0.8, 1.2);
    const width = cutout.image.width * cutout.unitsPerPixel * scale;
    const height = cutout.image.height * cutout.unitsPerPixel * scale;
    const x = slot.x + (r.chance(0.3) ? -r.range(20, 90) : r.range(-10, slot.width * 0.35));
    const box = drawCutout(ctx, cutout, x + width / 2, slot.y - height * r.range(0.15, 0.45), scale, r.range(-0.1, 0.1), css(ink));
    return { style: 'real', box };
  }
  ctx.fillStyle = ctx.strokeStyle = css(ink);
  const pen = pickPen(random);
  const width = penWidth(random, pen);
  if (random.chance(0.08)) {
    const info = drawInitials(ctx, random, slot.x + random.range(0, slot.width * 0.4), slot.y + random.range(-8, 6), language, width);
    return { ...info, pen };
  }
  // Mostly starting over the line; often earlier, across the printed label; the baseline near the line, so strokes cross it.
  const start = slot.x + (random.chance(0.3) ? -random.range(20, 90) : random.range(-10, slot.width * 0.35));
  const baseline = slot.y + random.range(-12, 8);
  const info = drawSignature(ctx, random, start, baseline, Math.max(120, slot.width * random.range(0.6, 1.2)), language, width);
  return { ...info, pen };
}

const overlaps = (b: Box, s: Pick<StampInfo, 'cx' | 'cy' | 'radius'>): boolean =>
  s.cx + s.radius > b.x && s.cx - s.radius < b.x + b.width && s.cy + s.radius > b.y && s.cy - s.radius < b.y + b.height;

export function placeInk(
  layers: Record<LayerName, SKRSContext2D>,
  random: Random,
  slots: readonly SignatureSlot[],
  language: Language,
  pageHeight: number,
  bottom: number,
  realInk?: RealInkSource,
): { signatures: PlacedSignature[]; stamps: PlacedStamp[] } {
  const hasSignature = random.chance(0.88);
  const hasStamp = random.chance(hasSignature ? 0.75 : 0.9);
  const slot = slots.length > 0 && random.chance(0.9) ? random.pick(slots) : { x: random.range(100, 600), y: random.range(pageHeight * 0.3, Math.min(pageHeight - 80, bottom + 100)), width: 250 };
  const signatures: SignatureInfo[] = [];
  const ink = jitter(random, random.pick(SIGNATURE_INKS), 10);
  if (hasSignature) {
    signatures.push(sign(layers.handwriting, random, slot, ink, language, realInk));
    // A second signing party on its own line, with its own pen half the time.
    const others = slots.filter((s) => s !== slot);
    if (slots.includes(slot) && others.length > 0 && random.chance(0.5)) {
      const second = random.chance(0.5) ? ink : jitter(random, random.pick(SIGNATURE_INKS), 10);
      signatures.push(sign(layers.handwriting, random, random.pick(others), second, language, realInk));
    }
  }
  if (random.chance(0.08)) {
    // A paraph in the bottom margin (contracts are initialled on every page).
    const ctx = layers.handwriting;
    ctx.fillStyle = ctx.strokeStyle = css(hasSignature && random.chance(0.7) ? ink : jitter(random, random.pick(SIGNATURE_INKS), 10));
    const pen = pickPen(random);
    signatures.push({ ...drawInitials(ctx, random, random.range(650, 880), pageHeight - random.range(18, 60), language, penWidth(random, pen)), pen });
  }

  const stamps: PlacedStamp[] = [];
  if (hasStamp) {
    const first = signatures[0];
    const where = random.next();
    let cx: number;
    let cy: number;
    if (first && where < 0.45) {
      // Hard case: the stamp over the signature.
      cx = first.box.x + first.box.width * random.range(0.2, 1.1);
      cy = first.box.y + first.box.height * random.range(0, 1);
    } else if (where < 0.75) {
      // Beside the signature line.
      cx = slot.x + slot.width + random.range(60, 200);
      cy = slot.y + random.range(-60, 40);
      if (cx > 900) cx = slot.x - random.range(110, 180);
    } else {
      // Elsewhere, often over printed text.
      cx = random.range(150, 850);
      cy = random.range(150, pageHeight - 120);
    }
    const stampInk = random.pick(STAMP_INKS);
    stamps.push(stamp(layers.stamp, random, cx, cy, stampInk, language, pageHeight, realInk));
    if (random.chance(0.15)) {
      // A second stamp (the other party's seal by its signature, or a "received" stamp), apart from the first.
      const near = signatures[1] && signatures[1].style !== 'initials' ? signatures[1].box : null;
      const a = stamps[0];
      for (let attempt = 0; attempt < 6; attempt++) {
        const x = near ? near.x + near.width * random.range(0.3, 1.2) : random.range(150, 850);
        const y = near ? near.y + near.height * random.range(-0.3, 1) : random.range(120, pageHeight - 120);
        if (Math.hypot(x - a.cx, y - a.cy) < a.radius + 150) continue;
        stamps.push(stamp(layers.stamp, random, x, y, random.chance(0.5) ? stampInk : random.pick(STAMP_INKS), language, pageHeight, realInk));
        break;
      }
    }
  }
  return { signatures: signatures.map((s) => ({ ...s, overlapsStamp: stamps.some((t) => overlaps(s.box, t)) })), stamps };
}

function stamp(ctx: SKRSContext2D, random: Random, x: number, y: number, ink: NamedInk, language: Language, pageHeight: number, realInk?: RealInkSource): PlacedStamp {
  const cx = Math.min(940, Math.max(60, x));
  const cy = Math.min(pageHeight - 60, Math.max(60, y));
  const cutout = pickRealInk(realInk, 'stamp');
  if (cutout && realInk) {
    const r = realInk.random;
    const box = drawCutout(ctx, cutout, cx, cy, r.range(0.85, 1.15), r.range(-0.4, 0.4), css(jitter(r, ink.rgb, 12)));
    const smudge = r.chance(0.08) ? { angle: r.range(0, Math.PI * 2), length: r.range(2, 6) } : null;
    return { shape: 'real', variant: 'real', cx, cy, radius: Math.max(box.width, box.height) / 2, colour: cutout.colour === 'own' ? 'real' : ink.name, smudge };
  }
  ctx.fillStyle = ctx.strokeStyle = css(jitter(random, ink.rgb, 12));
  const info = drawStamp(ctx, random, cx, cy, language);
  const smudge = random.chance(0.08) ? { angle: random.range(0, Math.PI * 2), length: random.range(2, 6) } : null;
  return { ...info, colour: ink.name, smudge };
}
