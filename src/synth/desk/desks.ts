/**
 * Procedural desk surfaces under the sheet, 3 floats per pixel (0..255): wood grain (light and dark
 * planks), woven fabric, speckled stone, plain tables (blue and brown among them: colours a stamp pad
 * could have, so the sheet finder must not take them for ink) and, the hard case, a desk of nearly the
 * paper's own tone. Textures scale with the frame (`unit` = width / 1000).
 */
import { fractalNoise, valueNoise } from '../noise';
import type { Rgb } from '../inks';
import type { Random } from '../random';

export type DeskKind = 'wood-light' | 'wood-dark' | 'fabric' | 'stone' | 'plain-blue' | 'plain-brown' | 'plain' | 'paper-tone';
export const DESK_KINDS: readonly DeskKind[] = ['wood-light', 'wood-dark', 'fabric', 'stone', 'plain-blue', 'plain-brown', 'plain', 'paper-tone'];

export function drawDeskKind(random: Random): DeskKind {
  return random.pick(DESK_KINDS);
}

const vary = (random: Random, [r, g, b]: Rgb, amount: number): Rgb => {
  const k = 1 + random.range(-amount, amount);
  return [r * k + random.range(-6, 6), g * k + random.range(-6, 6), b * k + random.range(-6, 6)];
};

/** `paperTone` is the page's own paper colour (for the desk that nearly matches it). */
export function paintDesk(kind: DeskKind, width: number, height: number, random: Random, paperTone: Rgb): Float32Array {
  const unit = width / 1000;
  switch (kind) {
    case 'wood-light':
      return wood(width, height, unit, random, vary(random, [205, 165, 118], 0.08), vary(random, [160, 110, 68], 0.1));
    case 'wood-dark':
      return wood(width, height, unit, random, vary(random, [105, 66, 40], 0.12), vary(random, [58, 34, 22], 0.15));
    case 'fabric':
      return fabric(width, height, unit, random);
    case 'stone':
      return stone(width, height, unit, random);
    case 'plain-blue':
      return plain(width, height, unit, random, vary(random, [52, 88, 158], 0.15), 0.03);
    case 'plain-brown':
      return plain(width, height, unit, random, vary(random, [128, 86, 56], 0.15), 0.03);
    case 'plain':
      return plain(width, height, unit, random, vary(random, random.pick<Rgb>([[150, 150, 148], [60, 60, 62], [70, 112, 82], [196, 190, 178], [150, 40, 38]]), 0.1), 0.03);
    case 'paper-tone': {
      // A few levels from the paper, darker or lighter, with a slight shift of hue.
      const k = random.chance(0.7) ? random.range(0.9, 0.97) : random.range(1.0, 1.03);
      return plain(width, height, unit, random, [paperTone[0] * k + random.range(-5, 5), paperTone[1] * k + random.range(-5, 5), paperTone[2] * k + random.range(-8, 4)], 0.02);
    }
  }
}

function fill(width: number, height: number, shade: (x: number, y: number, i: number) => Rgb): Float32Array {
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const [r, g, b] = shade(x, y, i);
      out[i * 3] = r;
      out[i * 3 + 1] = g;
      out[i * 3 + 2] = b;
    }
  }
  return out;
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** Planks along one direction; grain lines bent by slow waves and noise, each plank its own shade. */
function wood(width: number, height: number, unit: number, random: Random, light: Rgb, dark: Rgb): Float32Array {
  const angle = random.chance(0.5) ? random.range(-0.3, 0.3) : Math.PI / 2 + random.range(-0.3, 0.3);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const plank = random.range(90, 220) * unit;
  const period = random.range(10, 30) * unit;
  const waves = [random.range(200, 500) * unit, random.range(60, 150) * unit];
  const phases = [random.range(0, 6.3), random.range(0, 6.3)];
  const wobble = fractalNoise(width, height, 120 * unit, 3, random);
  const pore = valueNoise(width, height, Math.max(1, 1.5 * unit), random);
  const plankShade = Array.from({ length: 64 }, () => random.range(-0.12, 0.12));
  return fill(width, height, (x, y, i) => {
    const along = x * ca + y * sa;
    const across = -x * sa + y * ca + 1e5;
    const p = Math.floor(across / plank);
    const seam = Math.abs(across - (p + 0.5) * plank) > plank / 2 - 0.8 * unit;
    const bent = across + period * (2 * Math.sin(along / waves[0] + phases[0] + p) + 0.4 * Math.sin(along / waves[1] + phases[1])) + 3 * period * wobble[i];
    const ring = 0.5 + 0.5 * Math.sin((bent / period) * Math.PI * 2);
    const streak = 0.5 + 0.5 * Math.sin((bent / period) * Math.PI * 13.7);
    const t = Math.min(1, Math.max(0, Math.pow(ring, 4) * 0.65 + streak * 0.12 + (pore[i] - 0.5) * 0.25 + plankShade[p & 63]));
    const c = mix(light, dark, t);
    return seam ? mix(c, dark, 0.6) : c;
  });
}

/** A fine weave with mottled dye. */
function fabric(width: number, height: number, unit: number, random: Random): Float32Array {
  const base = vary(random, random.pick<Rgb>([[90, 95, 105], [40, 50, 90], [70, 95, 60], [185, 170, 140], [120, 40, 45], [150, 150, 155]]), 0.1);
  const pitch = random.range(2.5, 6) * Math.max(1, unit);
  const angle = random.range(0, Math.PI);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const mottle = fractalNoise(width, height, 80 * unit, 3, random);
  const fibre = valueNoise(width, height, Math.max(1, pitch / 3), random);
  return fill(width, height, (x, y, i) => {
    const a = ((x * ca + y * sa) / pitch) * Math.PI * 2;
    const b = ((-x * sa + y * ca) / pitch) * Math.PI * 2;
    const weave = Math.sin(a) * Math.sin(b) * 0.12 + (fibre[i] - 0.5) * 0.12 + (mottle[i] - 0.5) * 0.2;
    return [base[0] * (1 + weave), base[1] * (1 + weave), base[2] * (1 + weave)];
  });
}

/** Granite: dark and light specks over clouded stone. */
function stone(width: number, height: number, unit: number, random: Random): Float32Array {
  const base = vary(random, random.pick<Rgb>([[150, 148, 145], [60, 58, 60], [200, 190, 175], [120, 100, 90]]), 0.1);
  const speckDark = mix(base, [20, 20, 22], random.range(0.5, 0.8));
  const speckLight = mix(base, [245, 240, 235], random.range(0.3, 0.6));
  const cloud = fractalNoise(width, height, 150 * unit, 4, random);
  const speck = valueNoise(width, height, Math.max(1, random.range(1.5, 4) * unit), random);
  const density = random.range(0.05, 0.15);
  return fill(width, height, (_x, _y, i) => {
    const c = mix(base, [base[0] * 0.8, base[1] * 0.8, base[2] * 0.8], cloud[i]);
    if (speck[i] > 1 - density) return mix(c, speckDark, Math.min(1, (speck[i] - 1 + density) / (density * 0.4)));
    if (speck[i] < density * 0.7) return mix(c, speckLight, 0.7);
    return c;
  });
}

/** A plain table: one colour with faint mottling (`texture` = relative amplitude). */
function plain(width: number, height: number, unit: number, random: Random, colour: Rgb, texture: number): Float32Array {
  const mottle = fractalNoise(width, height, 100 * unit, 3, random);
  const grain = valueNoise(width, height, Math.max(1, 2 * unit), random);
  return fill(width, height, (_x, _y, i) => {
    const k = 1 + (mottle[i] - 0.5) * texture * 2 + (grain[i] - 0.5) * texture;
    return [colour[0] * k, colour[1] * k, colour[2] * k];
  });
}
