import { labelComponents } from '../../shared/components';

/**
 * Straight bars: ink of even thickness running straight for a long way, horizontally or vertically
 * (a letterhead's thick rule, too thick for the form-line finder's thin runs). No pen draws one: a
 * stroke's width and course wander. Returns 1 on each bar's cells (within its band only, so a stroke
 * crossing the bar keeps the rest of its ink).
 */
export function straightBars(mask: Uint8Array, width: number, height: number, minLength: number): Uint8Array {
  const comps = labelComponents(mask, width, height);
  const bars = new Uint8Array(width * height);
  for (let l = 1; l <= comps.count; l++) {
    const w = comps.right[l] - comps.left[l] + 1;
    const h = comps.bottom[l] - comps.top[l] + 1;
    if (w >= minLength && w >= h) markBar(comps.labels, l, width, comps.left[l], comps.right[l], comps.top[l], comps.bottom[l], false, bars);
    else if (h >= minLength) markBar(comps.labels, l, width, comps.top[l], comps.bottom[l], comps.left[l], comps.right[l], true, bars);
  }
  return bars;
}

/** Least length of a bar over its thickness. */
const BAR_LENGTH_OVER_THICKNESS = 20;
/** Share of positions along the bar that must hold its ink (a bar is unbroken) and be of its typical thickness. */
const BAR_FILLED = 0.95;
const BAR_EVEN = 0.9;
/** Most root-mean-square distance, cells, of the bar's centres from their fitted straight line. */
const BAR_STRAIGHTNESS = 1;

/**
 * Tests component `l` along its long axis (u from `u0` to `u1`, across it v from `v0` to `v1`;
 * `vertical` swaps x and y) and marks its band when it is a straight bar.
 */
function markBar(labels: Int32Array, l: number, width: number, u0: number, u1: number, v0: number, v1: number, vertical: boolean, bars: Uint8Array): void {
  const length = u1 - u0 + 1;
  const at = (u: number, v: number) => (vertical ? u * width + v : v * width + u);
  const thickness = new Int32Array(length);
  const centre = new Float64Array(length);
  for (let u = u0; u <= u1; u++) {
    let n = 0;
    let sum = 0;
    for (let v = v0; v <= v1; v++) {
      if (labels[at(u, v)] !== l) continue;
      n++;
      sum += v;
    }
    thickness[u - u0] = n;
    centre[u - u0] = n > 0 ? sum / n : NaN;
  }
  const present = [...thickness].filter((t) => t > 0).sort((a, b) => a - b);
  if (present.length < BAR_FILLED * length) return;
  const typical = present[present.length >> 1];
  if (typical * BAR_LENGTH_OVER_THICKNESS > length) return;
  const tolerance = Math.max(1, 0.25 * typical);
  let even = 0;
  let n = 0;
  let su = 0;
  let sv = 0;
  let suu = 0;
  let suv = 0;
  for (let i = 0; i < length; i++) {
    if (thickness[i] === 0 || Math.abs(thickness[i] - typical) > tolerance) continue;
    even++;
    n++;
    su += i;
    sv += centre[i];
    suu += i * i;
    suv += i * centre[i];
  }
  if (even < BAR_EVEN * length) return;
  const d = n * suu - su * su;
  const slope = d > 1e-9 ? (n * suv - su * sv) / d : 0;
  const intercept = (sv - slope * su) / n;
  let squares = 0;
  for (let i = 0; i < length; i++) if (thickness[i] !== 0 && Math.abs(thickness[i] - typical) <= tolerance) squares += (centre[i] - intercept - slope * i) ** 2;
  if (Math.sqrt(squares / n) > BAR_STRAIGHTNESS) return;
  const halfBand = typical / 2 + 1;
  for (let u = u0; u <= u1; u++) {
    const mid = intercept + slope * (u - u0);
    for (let v = Math.max(v0, Math.floor(mid - halfBand)); v <= Math.min(v1, Math.ceil(mid + halfBand)); v++) if (labels[at(u, v)] === l) bars[at(u, v)] = 1;
  }
}
