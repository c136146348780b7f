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
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { readPenTrajectoryLibrary, TRAJECTORY_LIBRARY_FILE, type PenTrajectory, type PenTrajectoryLibrary } from './penTrajectory';
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
  /** Real pen trajectories (penTrajectory.ts), replayed as signatures with the page's pen. */
  trajectories?: PenTrajectoryLibrary;
}

/** Share of signatures and of stamps drawn from the library when one is given. */
export const REAL_INK_SHARE = 0.5;
/** Share of signatures replayed from a real trajectory, within REAL_INK_SHARE, when there are signature cut-outs too. */
export const TRAJECTORY_SHARE = 1 / 3;

/**
 * The real ink in `dir`: the real-ink build folder (`cutouts/index.json`, `trajectories.json`) or its
 * `cutouts` folder itself (then the trajectories are looked for beside it). Either part may be absent,
 * not both.
 */
export async function loadRealInkLibrary(dir: string): Promise<RealInkLibrary> {
  const cutoutDir = existsSync(path.join(dir, 'cutouts', 'index.json')) ? path.join(dir, 'cutouts') : dir;
  const trajectoryFile = [path.join(dir, TRAJECTORY_LIBRARY_FILE), path.join(cutoutDir, '..', TRAJECTORY_LIBRARY_FILE)].find((file) => existsSync(file));
  const trajectories = trajectoryFile ? readPenTrajectoryLibrary(trajectoryFile) : null;
  const hasCutouts = existsSync(path.join(cutoutDir, 'index.json'));
  if (!hasCutouts && !trajectories) throw new Error(`no real ink in ${dir}: neither cutouts/index.json, index.json nor ${TRAJECTORY_LIBRARY_FILE}`);
  const entries = hasCutouts ? (JSON.parse(readFileSync(path.join(cutoutDir, 'index.json'), 'utf8')) as RealInkEntry[]) : [];
  for (const e of entries) {
    if ((e.kind !== 'signature' && e.kind !== 'stamp') || (e.colour !== 'own' && e.colour !== 'ink') || !(e.unitsPerPixel > 0)) {
      throw new Error(`${dir}/index.json: ${e.file} is not a signature or stamp with colour own|ink and a scale`);
    }
  }
  const cutouts = await Promise.all(entries.map(async (e) => ({ ...e, image: await loadImage(readFileSync(path.join(cutoutDir, e.file))) })));
  const library: RealInkLibrary = { signatures: cutouts.filter((c) => c.kind === 'signature'), stamps: cutouts.filter((c) => c.kind === 'stamp') };
  if (trajectories && trajectories.trajectories.length > 0) library.trajectories = trajectories;
  if (library.signatures.length + library.stamps.length + (library.trajectories?.trajectories.length ?? 0) === 0) throw new Error(`no real ink cut-outs or trajectories in ${dir}`);
  return library;
}

/** The library and the random stream its choices come from (independent of the page's other draws). */
export interface RealInkSource {
  library: RealInkLibrary;
  random: Random;
}

/**
 * The real signature to draw now, or null: the drawn one is used. Half of the signatures are real:
 * with trajectories and signature cut-outs, a third replayed trajectories and a sixth cut-outs; with
 * only one of them, that one. With cut-outs alone the draws are the ones they always were.
 */
export function pickRealSignature(source: RealInkSource | undefined): { cutout: RealInkCutout } | { trajectory: PenTrajectory } | null {
  if (!source) return null;
  const cutouts = source.library.signatures;
  const trajectories = source.library.trajectories?.trajectories ?? [];
  if (cutouts.length + trajectories.length === 0) return null;
  const draw = source.random.next();
  const trajectoryShare = trajectories.length === 0 ? 0 : cutouts.length === 0 ? REAL_INK_SHARE : TRAJECTORY_SHARE;
  if (draw < trajectoryShare) return { trajectory: source.random.pick(trajectories) };
  if (cutouts.length > 0 && draw < REAL_INK_SHARE) return { cutout: source.random.pick(cutouts) };
  return null;
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
