/** Smooth random fields for paper texture, lighting and uneven ink. */
import type { Random } from './random';

/** Value noise in [0, 1] at full resolution with features about `cell` pixels apart (bilinear, smoothstep). */
export function valueNoise(width: number, height: number, cell: number, random: Random): Float32Array {
  const c = Math.max(1, cell);
  const gw = Math.ceil(width / c) + 2;
  const gh = Math.ceil(height / c) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = random.next();
  const out = new Float32Array(width * height);
  const gx0 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const g = x / c;
    gx0[x] = Math.floor(g);
    const t = g - gx0[x];
    fx[x] = t * t * (3 - 2 * t);
  }
  for (let y = 0; y < height; y++) {
    const g = y / c;
    const gy = Math.floor(g);
    let ty = g - gy;
    ty = ty * ty * (3 - 2 * ty);
    const r0 = gy * gw;
    const r1 = r0 + gw;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = gx0[x];
      const t = fx[x];
      const top = grid[r0 + i] + (grid[r0 + i + 1] - grid[r0 + i]) * t;
      const bottom = grid[r1 + i] + (grid[r1 + i + 1] - grid[r1 + i]) * t;
      out[row + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

/** Sum of octaves of value noise, normalised back to about [0, 1]. */
export function fractalNoise(width: number, height: number, cell: number, octaves: number, random: Random): Float32Array {
  const out = new Float32Array(width * height);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const layer = valueNoise(width, height, cell / 2 ** o, random);
    for (let i = 0; i < out.length; i++) out[i] += layer[i] * amplitude;
    total += amplitude;
    amplitude *= 0.5;
  }
  for (let i = 0; i < out.length; i++) out[i] /= total;
  return out;
}
