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
  // Paper pixels beside ink, marked while the ink is measured, then given their translucent edge.
  const edges: number[] = [];
  const markEdge = (q: number) => {
    if (ink[q] === 1 || alpha[q] !== 0) return;
    alpha[q] = 1; // marked; its alpha is set below
    edges.push(q);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (ink[p] !== 1) continue;
      const d = deficit[p];
      const share = d === 0 ? 0 : d / (OPAQUE_SHARE * strokeCore(deficit, width, height, x, y, d));
      alpha[p] = share >= 1 ? 255 : Math.max(INK_ALPHA_FLOOR, Math.round(255 * share));
      if (x > 0) markEdge(p - 1);
      if (x < width - 1) markEdge(p + 1);
      if (y > 0) markEdge(p - width);
      if (y < height - 1) markEdge(p + width);
    }
  }
  for (const p of edges) {
    const d = deficit[p];
    const x = p % width;
    const core = strokeCore(deficit, width, height, x, (p - x) / width, d);
    alpha[p] = d === 0 ? 0 : Math.min(INK_ALPHA_FLOOR - 1, Math.round((255 * d) / (OPAQUE_SHARE * core)));
  }
  return alpha;
}

/** The darkest deficit within CORE_RADIUS of (x, y), at least `d`. */
function strokeCore(deficit: Uint8Array, width: number, height: number, x: number, y: number, d: number): number {
  const r = CORE_RADIUS;
  const x0 = Math.max(0, x - r);
  const x1 = Math.min(width - 1, x + r);
  let core = d;
  for (let yy = Math.max(0, y - r), y1 = Math.min(height - 1, y + r); yy <= y1 && core < 255; yy++) {
    for (let k = yy * width + x0, end = yy * width + x1; k <= end; k++) if (deficit[k] > core) core = deficit[k];
  }
  return core;
}
