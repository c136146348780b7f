/**
 * Real desk photos instead of the procedural desks: one image from a folder the caller gives (e.g. the
 * background photos listed in REAL-DATA.md, kept out of the repository), turned upright from its EXIF
 * orientation, mirrored at random and scaled to cover the frame.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Random } from '../random';

const IMAGE = /\.(jpe?g|png|webp)$/i;

export function listDeskImages(folder: string): string[] {
  const files = readdirSync(folder).filter((f) => IMAGE.test(f)).sort();
  if (files.length === 0) throw new Error(`desk images: no JPEG, PNG or WebP in ${folder}`);
  return files;
}

/** The chosen photo as 3 floats per pixel at the frame's size, and its file name. */
export async function loadDeskImage(folder: string, random: Random, width: number, height: number): Promise<{ pixels: Float32Array; file: string }> {
  const file = random.pick(listDeskImages(folder));
  let image = sharp(path.join(folder, file)).rotate();
  if (random.chance(0.5)) image = image.flop();
  if (random.chance(0.5)) image = image.flip();
  const rgb = await image.resize(width, height, { fit: 'cover' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return { pixels: Float32Array.from(rgb), file };
}
