import { alphaAgainstCore, FAINTEST_INK_SPAN, INK_CORE_RADIUS, pixelDeficit as deficit, type AlphaThresholds } from '../paper/inkAlpha';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

/** A pen's core is opaque up to this far above the paper floor (the page's ramp stops at 110). */
export const PEN_OPAQUE_SPAN = 150;

/**
 * A pen lays down solid ink, so the shoulders of a stroke that a soft photo spreads onto the paper
 * are partly covered, not opaque. The page's alpha ramp (inkAlpha.ts) turns opaque 110 deficit units
 * above the paper floor, to keep print and faint ink whole; against a dark pen's core that makes
 * every stroke as wide as its blur, with its edges opaque and paler than the pen. Once the class map
 * says which ink is handwriting, its pixels are measured against their stroke's core up to
 * PEN_OPAQUE_SPAN instead (chosen on the validation split: 130, 150, 170, 190 tried). Only dark
 * cores change: a faint pen's core is below the page's ramp and keeps its alpha. Changes `inkAlpha`
 * in place.
 */
export function measurePenInk(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, thresholds: AlphaThresholds): void {
  const { classes } = map;
  const { width, height, data } = flattened;
  const floor = thresholds.transparentBelow;
  const ceiling = Math.min(255, floor + PEN_OPAQUE_SPAN);
  if (ceiling <= thresholds.opaqueAbove) return;
  const faintest = Math.min(thresholds.opaqueAbove, floor + FAINTEST_INK_SPAN);
  const r = INK_CORE_RADIUS;
  for (let p = classes.indexOf(InkClass.handwriting); p !== -1; p = classes.indexOf(InkClass.handwriting, p + 1)) {
    if (inkAlpha[p] === 0) continue;
    const d = deficit(data, p);
    if (d >= ceiling) continue;
    const x = p % width;
    const y = (p - x) / width;
    let core = d;
    for (let yy = Math.max(0, y - r), y1 = Math.min(height - 1, y + r); yy <= y1 && core < ceiling; yy++) {
      for (let k = yy * width + Math.max(0, x - r), end = yy * width + Math.min(width - 1, x + r); k <= end; k++) {
        const c = deficit(data, k);
        if (c > core) core = c;
      }
    }
    inkAlpha[p] = alphaAgainstCore(d, core, floor, faintest, ceiling);
  }
}
