/**
 * Light in the room: the soft shadow the sheet casts on the desk (its edges stand a little off it),
 * the shadow of the hand or phone taking the picture across the scene, and a glare spot (a lamp or
 * window reflected by the paper's sheen). The light gradient, vignette, colour cast and sensor noise
 * are the capture's (degrade.ts).
 */
import { createCanvas } from '@napi-rs/canvas';
import { blurField } from './blur';
import type { CaptureParams } from '../degrade';
import type { Random } from '../random';

export interface SceneLight {
  sheetShadow: { dx: number; dy: number; softness: number; depth: number } | null;
  handShadow: { kind: 'hand' | 'phone'; depth: number } | null;
  glare: { x: number; y: number; sigma: number; strength: number } | null;
}

export function drawSceneLight(random: Random, frame: { width: number; height: number }, sheetCentre: { x: number; y: number }): SceneLight {
  const unit = frame.width / 1000;
  const angle = random.range(0, Math.PI * 2);
  const offset = random.range(1.5, 8) * unit;
  const diagonal = Math.hypot(frame.width, frame.height);
  return {
    sheetShadow: random.chance(0.85) ? { dx: Math.cos(angle) * offset, dy: Math.sin(angle) * offset, softness: random.range(3, 14) * unit, depth: random.range(0.15, 0.45) } : null,
    handShadow: random.chance(0.4) ? { kind: random.chance(0.6) ? 'hand' : 'phone', depth: random.range(0.15, 0.45) } : null,
    glare: random.chance(0.35)
      ? {
          x: sheetCentre.x + random.range(-0.25, 0.25) * frame.width,
          y: sheetCentre.y + random.range(-0.25, 0.25) * frame.height,
          sigma: random.range(0.04, 0.15) * diagonal,
          strength: random.range(0.25, 0.7),
        }
      : null,
  };
}

/** 0..1 shadow strength on the desk next to the sheet (0 on the sheet itself, which lies on top). */
export function sheetShadowField(mask: Uint8Array, width: number, height: number, shadow: NonNullable<SceneLight['sheetShadow']>): Float32Array {
  const shifted = new Float32Array(width * height);
  const dx = Math.round(shadow.dx);
  const dy = Math.round(shadow.dy);
  for (let y = 0; y < height; y++) {
    const sy = y - dy;
    if (sy < 0 || sy >= height) continue;
    for (let x = 0; x < width; x++) {
      const sx = x - dx;
      if (sx >= 0 && sx < width && mask[sy * width + sx]) shifted[y * width + x] = 1;
    }
  }
  const field = blurField(shifted, width, height, shadow.softness);
  for (let i = 0; i < field.length; i++) field[i] = mask[i] ? 0 : field[i] * shadow.depth;
  return field;
}

/** The photographer's hand (arm and hand) or phone, held between the lamp and the desk: a wide, very soft shadow from one side. */
export function handShadowField(random: Random, width: number, height: number, shadow: NonNullable<SceneLight['handShadow']>): Float32Array {
  // Drawn at a quarter of the size: the shadow is soft, so nothing is lost but time.
  const w = Math.max(8, Math.round(width / 4));
  const h = Math.max(8, Math.round(height / 4));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  const side = random.int(0, 3);
  const along = random.range(0.2, 0.8);
  const start = [
    { x: along * w, y: -0.05 * h },
    { x: 1.05 * w, y: along * h },
    { x: along * w, y: 1.05 * h },
    { x: -0.05 * w, y: along * h },
  ][side];
  const reach = random.range(0.25, 0.55);
  const end = { x: start.x + (w / 2 - start.x) * reach * 2 + random.range(-0.1, 0.1) * w, y: start.y + (h / 2 - start.y) * reach * 2 + random.range(-0.1, 0.1) * h };
  const size = Math.min(w, h);
  if (shadow.kind === 'hand') {
    ctx.lineWidth = size * random.range(0.12, 0.2);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(start.x, start.y);
    ctx.lineTo(end.x, end.y);
    ctx.stroke();
    ctx.beginPath();
    ctx.ellipse(end.x, end.y, size * 0.14, size * 0.09, Math.atan2(end.y - start.y, end.x - start.x), 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.save();
    ctx.translate(end.x, end.y);
    ctx.rotate(random.range(-0.5, 0.5) + Math.atan2(end.y - start.y, end.x - start.x));
    ctx.beginPath();
    ctx.roundRect(-size * 0.3, -size * 0.15, size * 0.6, size * 0.3, size * 0.04);
    ctx.fill();
    ctx.restore();
  }
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const small = new Float32Array(w * h);
  for (let i = 0; i < small.length; i++) small[i] = rgba[i * 4 + 3] / 255;
  const soft = blurField(small, w, h, size * random.range(0.02, 0.06));
  return upsample(soft, w, h, width, height, shadow.depth);
}

function upsample(small: Float32Array, w: number, h: number, width: number, height: number, scale: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = small[y0 * w + x0] + (small[y0 * w + x1] - small[y0 * w + x0]) * tx;
      const bottom = small[y1 * w + x0] + (small[y1 * w + x1] - small[y1 * w + x0]) * tx;
      out[y * width + x] = (top + (bottom - top) * ty) * scale;
    }
  }
  return out;
}

/** A phone camera's capture of the whole scene: always colour JPEG, light gradient and cast; the shadow is the scene's own. */
export function choosePhotoCapture(random: Random, unit: number): CaptureParams {
  const warm = random.range(-1, 1);
  const cast = random.range(0, 0.12);
  return {
    capture: 'photo',
    grayscale: false,
    blur: random.chance(0.7) ? random.range(0.3, 1.3) * Math.max(0.7, unit) : 0,
    noise: random.range(2, 9),
    format: 'jpeg',
    quality: Math.round(random.range(60, 92)),
    shadow: false,
    light: random.range(0.05, 0.35),
    cast: warm > 0 ? [1, 1 - cast * 0.4, 1 - cast] : [1 - cast, 1 - cast * 0.3, 1],
    bitonal: false,
    threshold: 0,
    fax: 1,
  };
}
