/**
 * What lies behind a sheet held up in a hand: a room or the outdoors, far from the sheet, often
 * brighter than the paper — windows, sky, light panels and a lit ceiling grid, crossed by dark frames,
 * beams and railings, with foliage below. The hard case for a sheet finder that learned "the sheet is
 * the brightest thing in the photo": here the paper is grey against white. 3 floats per pixel (0..255).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { fractalNoise } from '../noise';
import type { Random } from '../random';

const grey = (v: number, tint: [number, number, number] = [0, 0, 0]) =>
  `rgb(${Math.round(Math.min(255, v + tint[0]))},${Math.round(Math.min(255, v + tint[1]))},${Math.round(Math.min(255, v + tint[2]))})`;

export function paintHeldSurroundings(width: number, height: number, random: Random): Float32Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const unit = Math.max(width, height) / 1000;
  const tint: [number, number, number] = [random.range(-8, 8), random.range(-6, 6), random.range(-4, 14)];

  // A wall or distance: a vertical gradient from a lighter top to a darker bottom (or the reverse).
  const wall = ctx.createLinearGradient(0, 0, 0, height);
  const top = random.range(150, 235);
  const bottom = random.range(60, 190);
  const [first, last] = random.chance(0.8) ? [top, bottom] : [bottom, top];
  wall.addColorStop(0, grey(first, tint));
  wall.addColorStop(1, grey(last, tint));
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height);

  // Light: windows, sky, panels — near white, one to four of them, large.
  for (let k = random.int(1, 4); k > 0; k--) lightArea(ctx, width, height, random, tint);
  if (random.chance(0.35)) ceilingGrid(ctx, width, height, unit, random);
  for (let k = random.int(2, 12); k > 0; k--) structure(ctx, width, height, unit, random);
  if (random.chance(0.4)) foliage(ctx, width, height, unit, random);

  const rgba = ctx.getImageData(0, 0, width, height).data;
  canvas.width = 1;
  const mottle = fractalNoise(width, height, 120 * unit, 3, random);
  // The light parts are brighter than white can say: above 255 they stay white through the camera's
  // exposure and shading (degrade.ts clips at the end), as a phone exposing for the sheet blows them out.
  const blowOut = random.range(1, 1.5);
  const out = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const k = 1 + (mottle[i] - 0.5) * 0.08;
    const light = rgba[i * 4] + rgba[i * 4 + 1] + rgba[i * 4 + 2] >= 3 * 225 ? blowOut : 1;
    for (let ch = 0; ch < 3; ch++) out[i * 3 + ch] = rgba[i * 4 + ch] * k * light;
  }
  return out;
}

/** A bright quadrilateral (a window, a patch of sky, a light box) with a soft glow around it. */
function lightArea(ctx: SKRSContext2D, width: number, height: number, random: Random, tint: [number, number, number]): void {
  const w = width * random.range(0.25, 1.1);
  const h = height * random.range(0.15, 0.7);
  const x = random.range(-0.2, 0.9) * width;
  const y = random.range(-0.2, 0.8) * height;
  const level = random.range(232, 255);
  ctx.save();
  ctx.translate(x + w / 2, y + h / 2);
  ctx.rotate(random.range(-0.35, 0.35));
  ctx.shadowColor = grey(level, tint);
  ctx.shadowBlur = random.range(0, 0.08) * Math.max(width, height);
  const sky = random.chance(0.3);
  if (sky) {
    const g = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
    g.addColorStop(0, `rgb(${Math.round(level - random.range(20, 60))},${Math.round(level - random.range(5, 25))},${Math.round(level)})`);
    g.addColorStop(1, grey(level));
    ctx.fillStyle = g;
  } else {
    ctx.fillStyle = grey(level, [tint[0] / 3, tint[1] / 3, tint[2] / 3]);
  }
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.restore();
}

/** A lit ceiling or façade grid: bright cells between dark bars. */
function ceilingGrid(ctx: SKRSContext2D, width: number, height: number, unit: number, random: Random): void {
  const pitch = random.range(40, 140) * unit;
  const bar = pitch * random.range(0.08, 0.3);
  const x0 = random.range(-0.2, 0.5) * width;
  const y0 = random.range(-0.2, 0.4) * height;
  const w = width * random.range(0.4, 1.2);
  const h = height * random.range(0.15, 0.5);
  ctx.save();
  ctx.translate(x0, y0);
  ctx.transform(1, random.range(-0.15, 0.15), random.range(-0.4, 0.4), 1, 0, 0);
  ctx.fillStyle = grey(random.range(225, 255));
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = grey(random.range(30, 120));
  for (let x = 0; x <= w; x += pitch) ctx.fillRect(x, 0, bar, h);
  for (let y = 0; y <= h; y += pitch) ctx.fillRect(0, y, w, bar);
  ctx.restore();
}

/** A straight dark (sometimes white) bar: a window frame, a beam, a railing, a pillar's edge. */
function structure(ctx: SKRSContext2D, width: number, height: number, unit: number, random: Random): void {
  const across = random.chance(0.5);
  const angle = (across ? 0 : Math.PI / 2) + random.range(-0.5, 0.5);
  const cx = random.range(0, width);
  const cy = random.range(0, height);
  const reach = Math.hypot(width, height);
  ctx.save();
  ctx.strokeStyle = random.chance(0.8) ? grey(random.range(20, 110)) : grey(random.range(200, 245));
  ctx.lineWidth = random.range(2, 40) * unit;
  ctx.beginPath();
  ctx.moveTo(cx - Math.cos(angle) * reach, cy - Math.sin(angle) * reach);
  ctx.lineTo(cx + Math.cos(angle) * reach, cy + Math.sin(angle) * reach);
  ctx.stroke();
  ctx.restore();
}

/** Leaves: clusters of green ellipses in the lower part of the frame. */
function foliage(ctx: SKRSContext2D, width: number, height: number, unit: number, random: Random): void {
  const base = [random.range(30, 90), random.range(70, 140), random.range(25, 70)];
  const cx = random.range(0, width);
  const cy = random.range(0.5, 1) * height;
  const spread = random.range(0.15, 0.5) * width;
  for (let k = 0; k < 160; k++) {
    const light = random.range(0.6, 1.4);
    ctx.fillStyle = `rgb(${Math.round(base[0] * light)},${Math.round(base[1] * light)},${Math.round(base[2] * light)})`;
    ctx.beginPath();
    ctx.ellipse(cx + random.range(-1, 1) * spread, cy + random.range(-0.6, 0.6) * spread, random.range(6, 30) * unit, random.range(3, 12) * unit, random.range(0, Math.PI), 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A real desk or floor photo taken against the light: exposure pushed until its light parts clip. */
export function overexpose(pixels: Float32Array, random: Random): Float32Array {
  const gain = random.range(1.4, 2.4);
  const gamma = random.range(0.6, 0.9);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.min(255, 255 * Math.pow(Math.min(1, (pixels[i] / 255) * gain), gamma));
  return pixels;
}
