/**
 * Round stamps by their geometry: a thin ring of ink at one radius, nearly closed (dropouts and a
 * pen across it leave gaps). A coarse Hough vote over centres for each stamp-sized radius proposes
 * circles; each proposal is refined and verified on the analysis grid by how much of the circle's
 * circumference actually holds ink. Colour plays no part: grey scans have round stamps too.
 */
export interface Ring {
  /** Centre and radius in grid cells. */
  cx: number;
  cy: number;
  r: number;
  /** Fraction (0..1) of the circumference with ink on the ring. */
  coverage: number;
}

export interface RingOptions {
  /** Smallest and largest stamp radius, in grid cells, and the largest ring searched at all (close-ups). */
  minRadius: number;
  maxRadius: number;
  largestRadius: number;
  /** Most proposals refined and verified (text everywhere proposes many: a page dense with text, two dozen before its seal). */
  attempts: number;
  /** Least fraction of the circumference that must hold ink. */
  minCoverage: number;
  /** Least drop of that fraction just outside the ring. */
  minContrast: number;
}

export function ringOptionsFor(width: number, height: number): RingOptions {
  const shortSide = Math.min(width, height);
  return { minRadius: Math.max(8, Math.round(shortSide * 0.035)), maxRadius: Math.max(12, Math.round(shortSide * 0.17)), largestRadius: Math.round(shortSide * 0.45), attempts: 24, minCoverage: 0.7, minContrast: 0.3 };
}

/**
 * Rings in the mask, none inside another's disc, largest first. Radii up to the stamp-sized range
 * are searched on the mask itself; larger ones (a close-up of a stamp) on a 3× pooled mask, then
 * refined on the mask.
 */
export function findRings(mask: Uint8Array, width: number, height: number, opts = ringOptionsFor(width, height)): Ring[] {
  const rings = findRingsInRange(mask, width, height, opts);
  if (opts.largestRadius > opts.maxRadius * 1.25) {
    const f = 3;
    const pw = Math.ceil(width / f);
    const ph = Math.ceil(height / f);
    const pooled = new Uint8Array(pw * ph);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x] !== 0) pooled[((y / f) | 0) * pw + ((x / f) | 0)] = 1;
    const large = findRingsInRange(pooled, pw, ph, { ...opts, minRadius: opts.maxRadius / f, maxRadius: opts.largestRadius / f, largestRadius: 0, attempts: 6 });
    for (const q of large) {
      const ring = refineRing(mask, width, height, { cx: q.cx * f + 1, cy: q.cy * f + 1, r: q.r * f + 1 }, f);
      if (ring.coverage >= opts.minCoverage) rings.push(ring);
    }
  }
  return keepOuter(rings);
}

function keepOuter(rings: Ring[]): Ring[] {
  rings.sort((a, b) => b.r - a.r);
  return rings.filter((q, i) => !rings.slice(0, i).some((o) => Math.hypot(o.cx - q.cx, o.cy - q.cy) + q.r <= o.r + 3));
}

function findRingsInRange(mask: Uint8Array, width: number, height: number, opts: RingOptions): Ring[] {
  const step = Math.max(1, Math.floor(opts.minRadius / 4));
  const cw = Math.ceil(width / step);
  const ch = Math.ceil(height / step);
  const occupied = new Uint8Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = ((y / step) | 0) * cw;
    for (let x = 0; x < width; x++) if (mask[y * width + x] !== 0) occupied[row + ((x / step) | 0)] = 1;
  }
  const points: number[] = [];
  for (let k = 0; k < occupied.length; k++) if (occupied[k] !== 0) points.push(k);
  const votes = new Int32Array(cw * ch);
  const proposals: { cx: number; cy: number; r: number; score: number; contrast: number }[] = [];
  const r0 = Math.max(3, Math.ceil(opts.minRadius / step));
  const r1 = Math.max(r0, Math.floor(opts.maxRadius / step));
  for (let r = r0; r <= r1; r++) {
    const offsets = circleOffsets(r);
    const beyond = circleOffsets(r + 1);
    votes.fill(0);
    for (const k of points) {
      const y = (k / cw) | 0;
      const x = k - y * cw;
      for (let o = 0; o < offsets.length; o += 2) {
        const xx = x + offsets[o];
        const yy = y + offsets[o + 1];
        if (xx >= 0 && xx < cw && yy >= 0 && yy < ch) votes[yy * cw + xx]++;
      }
    }
    const perimeter = offsets.length / 2;
    const needed = Math.ceil(perimeter * 0.8);
    for (let y = r; y < ch - r; y++) {
      for (let x = r; x < cw - r; x++) {
        const v = votes[y * cw + x];
        if (v < needed) continue;
        if (v < votes[y * cw + x - 1] || v < votes[y * cw + x + 1] || v < votes[(y - 1) * cw + x] || v < votes[(y + 1) * cw + x]) continue;
        // Inside a block of text every circle is full: a ring's own circle is fuller than the one just outside it.
        let outside = 0;
        for (let o = 0; o < beyond.length; o += 2) {
          const xx = x + beyond[o];
          const yy = y + beyond[o + 1];
          if (xx >= 0 && xx < cw && yy >= 0 && yy < ch && occupied[yy * cw + xx] !== 0) outside++;
        }
        proposals.push({ cx: x * step + step / 2, cy: y * step + step / 2, r: r * step, score: v / perimeter, contrast: v / perimeter - outside / (beyond.length / 2) });
      }
    }
  }
  // The fullest circles first, taking turns with those fuller than just outside them: on a page of
  // text the fullest are all inside text, while a seal stamped over text is full beyond its rim too.
  const byScore = [...proposals].sort((a, b) => b.score - a.score || b.r - a.r);
  const byContrast = proposals.sort((a, b) => b.contrast - a.contrast || b.score - a.score || b.r - a.r);
  const ordered = new Set<(typeof proposals)[number]>();
  for (let i = 0; i < byScore.length; i++) ordered.add(byScore[i]).add(byContrast[i]);
  const rings: Ring[] = [];
  const tried: { cx: number; cy: number; r: number }[] = [];
  for (const p of ordered) {
    if (tried.length >= opts.attempts) break;
    if (rings.some((q) => Math.hypot(q.cx - p.cx, q.cy - p.cy) < q.r + 2)) continue;
    // The refinement searches a coarse cell around each proposal: its neighbours add nothing.
    if (tried.some((q) => Math.abs(q.cx - p.cx) <= step && Math.abs(q.cy - p.cy) <= step && Math.abs(q.r - p.r) <= step)) continue;
    tried.push(p);
    if (ringCoverage(mask, width, height, p.cx, p.cy, p.r) < opts.minCoverage * 0.7) continue;
    const ring = refineRing(mask, width, height, p, step);
    if (ring.coverage < opts.minCoverage) continue;
    // A ring is thin: just outside it the ink thins out (text everywhere around is no ring). An inner
    // ring of a seal has the seal's ring text just outside it: then the seal's rim must show the drop.
    const outer = outerRing(mask, width, height, ring);
    if (ringContrast(mask, width, height, ring.cx, ring.cy, ring.r, ring.coverage) < opts.minContrast && (outer === ring.r || ringContrast(mask, width, height, ring.cx, ring.cy, outer) < opts.minContrast)) continue;
    ring.r = outer;
    if (rings.some((q) => Math.hypot(q.cx - ring.cx, q.cy - ring.cy) < Math.max(q.r, ring.r))) continue;
    rings.push(ring);
  }
  // Keep outer rings only (an inner ring of a stamp is part of it).
  return keepOuter(rings);
}

/** Integer offsets (x, y interleaved) of a circle of radius r, each point once. */
function circleOffsets(r: number): Int32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  const samples = Math.max(16, Math.ceil(2 * Math.PI * r * 1.5));
  for (let i = 0; i < samples; i++) {
    const a = (i / samples) * 2 * Math.PI;
    const dx = Math.round(r * Math.cos(a));
    const dy = Math.round(r * Math.sin(a));
    const key = (dy + 4096) * 8192 + dx + 4096;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(dx, dy);
  }
  return Int32Array.from(out);
}

const ANGLES = 180;
const COS = Float64Array.from({ length: ANGLES }, (_, i) => Math.cos((i / ANGLES) * 2 * Math.PI));
const SIN = Float64Array.from({ length: ANGLES }, (_, i) => Math.sin((i / ANGLES) * 2 * Math.PI));

/** Fraction of angles at which the circle (±1 cell radially) meets ink. */
export function ringCoverage(mask: Uint8Array, width: number, height: number, cx: number, cy: number, r: number, angleStep = 1): number {
  let hit = 0;
  for (let i = 0; i < ANGLES; i += angleStep) {
    for (let dr = -1; dr <= 1; dr++) {
      const x = Math.round(cx + (r + dr) * COS[i]);
      const y = Math.round(cy + (r + dr) * SIN[i]);
      if (x >= 0 && x < width && y >= 0 && y < height && mask[y * width + x] !== 0) {
        hit++;
        break;
      }
    }
  }
  return (hit * angleStep) / ANGLES;
}

function refineRing(mask: Uint8Array, width: number, height: number, p: { cx: number; cy: number; r: number }, step: number): Ring {
  // Every centre and radius within a coarse cell at half the angles, then hill-climbing at full detail.
  let start = { cx: p.cx, cy: p.cy, r: p.r, coverage: -1 };
  const stride = Math.max(1, Math.round(step / 3));
  for (let dy = -step; dy <= step; dy += stride) {
    for (let dx = -step; dx <= step; dx += stride) {
      for (let dr = -step; dr <= step; dr += stride) {
        const coverage = ringCoverage(mask, width, height, p.cx + dx, p.cy + dy, p.r + dr, 2);
        if (coverage > start.coverage || (coverage === start.coverage && p.r + dr > start.r)) start = { cx: p.cx + dx, cy: p.cy + dy, r: p.r + dr, coverage };
      }
    }
  }
  let best: Ring = { ...start, coverage: ringCoverage(mask, width, height, start.cx, start.cy, start.r) };
  // Coarse to fine: centre and radius within a coarse cell, then to the grid cell.
  for (;;) {
    const centre = best;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dr = -1; dr <= 1; dr++) {
          if (dx === 0 && dy === 0 && dr === 0) continue;
          const cx = centre.cx + dx;
          const cy = centre.cy + dy;
          const r = centre.r + dr;
          const coverage = ringCoverage(mask, width, height, cx, cy, r);
          if (coverage > best.coverage || (coverage === best.coverage && r > best.r)) best = { cx, cy, r, coverage };
        }
      }
    }
    if (best === centre) break;
  }
  return best;
}

/** How much more of the circle holds ink than of the circle just outside it. */
function ringContrast(mask: Uint8Array, width: number, height: number, cx: number, cy: number, r: number, coverage = ringCoverage(mask, width, height, cx, cy, r)): number {
  return coverage - ringCoverage(mask, width, height, cx, cy, r + Math.max(3, r * 0.08));
}

/** A concentric larger ring around a found one (a seal's outer rim or double rim, when an inner ring voted stronger): its radius, else the ring's own. */
function outerRing(mask: Uint8Array, width: number, height: number, ring: Ring): number {
  let best = ring.r;
  for (let r = Math.round(ring.r) + 2; r <= ring.r * 1.8; r++) {
    const coverage = ringCoverage(mask, width, height, ring.cx, ring.cy, r);
    if (coverage >= 0.85 || (coverage >= 0.55 && ringContrast(mask, width, height, ring.cx, ring.cy, r, coverage) >= 0.25)) best = r;
  }
  return best;
}
