import { percentile, pixelDeficit as deficit, type AlphaThresholds } from '../paper/inkAlpha';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

/** The stamp's strong ink: this quantile of the deficits of its inked pixels. */
const STRONG_INK_QUANTILE = 0.9;
/** Stamp ink this far from the paper floor towards the strong ink is opaque. */
const OPAQUE_AT = 0.75;

/**
 * A rubber stamp inks unevenly: where it pressed lightly its ink is paler, though it is just as much
 * a part of the impression. The alpha ramp (inkAlpha.ts) measures each pixel against the darkest ink
 * within a few pixels, so a pale pixel next to a dark speck stays translucent and falls out of a
 * stamp's thresholded shape. Once the class map says which ink is stamp, its pixels are measured
 * against the stamp's own strong ink instead, where that gives the higher alpha. Only the alpha
 * rises: the colour recovered from it gets paler to match, so the stamp still looks as it did on
 * white paper. The strength is the page's, over all of its stamp ink.
 * `thinnedRims` (a blurred photo, 1 = a stroke's rim the learned decision thinned away) stay as they
 * are: pale next to the stamp's strong ink, they would otherwise be made ink again, and the stamp would
 * come back about twice as wide as it was printed.
 * Changes `inkAlpha` in place.
 */
export function evenOutStampInk(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, thresholds: AlphaThresholds, thinnedRims?: Uint8Array): void {
  // Stamp ink is a small part of a page: find it with the native search, then work on it alone.
  const { classes } = map;
  const { data } = flattened;
  const stampInk: number[] = [];
  const histogram = new Uint32Array(256);
  for (let p = classes.indexOf(InkClass.stamp); p !== -1; p = classes.indexOf(InkClass.stamp, p + 1)) {
    if (inkAlpha[p] === 0) continue;
    stampInk.push(p);
    histogram[deficit(data, p)]++;
  }
  if (stampInk.length === 0) return;
  const floor = thresholds.transparentBelow;
  const span = OPAQUE_AT * (percentile(histogram, stampInk.length, STRONG_INK_QUANTILE) - floor);
  if (span <= 0) return;
  const scale = 255 / span;
  for (const p of stampInk) {
    const a = inkAlpha[p];
    if (a === 255 || (thinnedRims !== undefined && thinnedRims[p] === 1)) continue;
    const evened = (deficit(data, p) - floor) * scale;
    if (evened > a) inkAlpha[p] = evened >= 255 ? 255 : Math.round(evened);
  }
}
