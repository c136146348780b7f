import type { InkSeparation } from './separate';

/** Pixels around a stroke pixel searched for its stroke's core (the darkest deficit), as colour-to-alpha does. */
const CORE_RADIUS = 3;
/** Ink at this share of its stroke's core deficit or more is opaque; below, alpha falls towards the edge. */
export const OPAQUE_SHARE = 0.75;
/** The least alpha of a pixel the decision calls ink: ink is never lighter than half covered. */
export const INK_ALPHA_FLOOR = 128;

/**
 * Full-resolution ink alpha from the learned ink/paper decision. Ink is opaque in its core and at
 * least half covered everywhere (alpha ≥ 128), softening only towards its edges, where the pixel's
 * deficit falls below OPAQUE_SHARE of its stroke's core: a faded stroke comes back as opaque pale
 * ink (its own colour, recovered from the alpha), not as nearly transparent dark ink. A paper pixel
 * touching ink keeps a translucent share (alpha < 128) for anti-aliased edges; every other paper
 * pixel is transparent, whatever its darkness: stains, bleed-through, shading.
 */
export function alphaFromInkDecision(separation: InkSeparation): Uint8Array {
  const { ink, features } = separation;
  const { width, height, deficit } = features;
  const alpha = new Uint8Array(width * height);
  const r = CORE_RADIUS;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height - 1, y + r);
    for (let x = 0; x < width; x++) {
      const p = row + x;
      const isInk = ink[p] === 1;
      if (!isInk && !touchesInk(ink, x, y, width, height)) continue;
      const d = deficit[p];
      if (d === 0) {
        if (isInk) alpha[p] = INK_ALPHA_FLOOR;
        continue;
      }
      let core = d;
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width - 1, x + r);
      for (let yy = y0; yy <= y1 && core < 255; yy++) {
        for (let k = yy * width + x0, end = yy * width + x1; k <= end; k++) if (deficit[k] > core) core = deficit[k];
      }
      const share = d / (OPAQUE_SHARE * core);
      if (isInk) alpha[p] = share >= 1 ? 255 : Math.max(INK_ALPHA_FLOOR, Math.round(255 * share));
      else alpha[p] = Math.min(INK_ALPHA_FLOOR - 1, Math.round(255 * share));
    }
  }
  return alpha;
}

function touchesInk(ink: Uint8Array, x: number, y: number, width: number, height: number): boolean {
  const p = y * width + x;
  return (x > 0 && ink[p - 1] === 1) || (x < width - 1 && ink[p + 1] === 1) || (y > 0 && ink[p - width] === 1) || (y < height - 1 && ink[p + width] === 1);
}
