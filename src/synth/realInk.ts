/**
 * Real ink on generated pages: cut-outs of real signatures and real stamp impressions, drawn into
 * the page's handwriting or stamp layer instead of a drawn one, so their coverage is the truth like
 * any other layer's. A cut-out is an RGBA PNG: the ink's own colour as it would print on white paper,
 * alpha its coverage; `index.json` beside them says what each is and its scale (page units per
 * pixel: 1 000 units are the page's width). Built from pinned real scans and their masks by
 * models/realInk/cutouts.ts; never committed.
 *
 * Only a render given a library (the class model's train split) uses them; the val and test splits
 * and CI render without one, byte for byte as before: the choices below come from their own random
 * stream, drawn only when a library is given.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { Random } from './random';

export type RealInkKind = 'signature' | 'stamp';

export interface RealInkEntry {
  file: string;
  kind: RealInkKind;
  /** 'own': the cut-out's colours are the real ink's; 'ink': only its shape is real (white, alpha = coverage), the page inks it with a pen or pad colour. */
  colour: 'own' | 'ink';
  /** Page units (1 000 = the source page's width) per cut-out pixel: keeps the ink's physical size. */
  unitsPerPixel: number;
  /** Where it was cut from (set and page), for the render's manifest. */
  source: string;
}

export interface RealInkCutout extends RealInkEntry {
  image: Image;
}

export interface RealInkLibrary {
  signatures: RealInkCutout[];
  stamps: RealInkCutout[];
}

/** Share of signatures and of stamps drawn from the library when one is given. */
export const REAL_INK_SHARE = 0.5;

export async function loadRealInkLibrary(dir: string): Promise<RealInkLibrary> {
  const entries = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as RealInkEntry[];
  for (const e of entries) {
    if ((e.kind !== 'signature' && e.kind !== 'stamp') || (e.colour !== 'own' && e.colour !== 'ink') || !(e.unitsPerPixel > 0)) {
      throw new Error(`${dir}/index.json: ${e.file} is not a signature or stamp with colour own|ink and a scale`);
    }
  }
  const cutouts = await Promise.all(entries.map(async (e) => ({ ...e, image: await loadImage(readFileSync(path.join(dir, e.file))) })));
  const library = { signatures: cutouts.filter((c) => c.kind === 'signature'), stamps: cutouts.filter((c) => c.kind === 'stamp') };
  if (library.signatures.length + library.stamps.length === 0) throw new Error(`no real ink cut-outs in ${dir}/index.json`);
  return library;
}

/** The library and the random stream its choices come from (independent of the page's other draws). */
export interface RealInkSource {
  library: RealInkLibrary;
  random: Random;
}

/** A cut-out of the kind to draw now, or null: the drawn ink is used. */
export function pickRealInk(source: RealInkSource | undefined, kind: RealInkKind): RealInkCutout | null {
  if (!source) return null;
  const pool = kind === 'signature' ? source.library.signatures : source.library.stamps;
  if (pool.length === 0 || !source.random.chance(REAL_INK_SHARE)) return null;
  return source.random.pick(pool);
}

/** A shape-only cut-out in the page's ink: its alpha kept, its colour `ink` (CSS). */
function inked(cutout: RealInkCutout, ink: string) {
  const canvas = createCanvas(cutout.image.width, cutout.image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(cutout.image, 0, 0);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = ink;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Draws the cut-out centred at (cx, cy) in page units, at its physical size × `scale`, turned by
 * `angle` radians, in `ink` (CSS) when only its shape is real; returns its axis-aligned box (page
 * units, before the page rotation).
 */
export function drawCutout(ctx: SKRSContext2D, cutout: RealInkCutout, cx: number, cy: number, scale: number, angle: number, ink: string): { x: number; y: number; width: number; height: number } {
  const w = cutout.image.width * cutout.unitsPerPixel * scale;
  const h = cutout.image.height * cutout.unitsPerPixel * scale;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(angle);
  ctx.drawImage(cutout.colour === 'own' ? cutout.image : inked(cutout, ink), -w / 2, -h / 2, w, h);
  ctx.restore();
  const bw = Math.abs(w * Math.cos(angle)) + Math.abs(h * Math.sin(angle));
  const bh = Math.abs(w * Math.sin(angle)) + Math.abs(h * Math.cos(angle));
  return { x: cx - bw / 2, y: cy - bh / 2, width: bw, height: bh };
}
