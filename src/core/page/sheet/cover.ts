import { axisTaps } from '../../shared/cellInterpolation';
import type { CoverMap, RgbaImage } from '../../shared/types';
import { clearDarkJoined } from './darkJoined';

/**
 * A pixel whose interpolated cover probability reaches this lies under something on the page. Low,
 * so the cleared patch reaches past the object's edge: at 0.5 its rim was left, and thin rims read as
 * pen strokes. Chosen on the generated val photos (40; sheet-v3): 0.5 / 0.3 / 0.15 / 0.08 / 0.04 gave
 * all ink 0.705 / 0.715 / 0.723 / 0.725 / 0.728, signature 0.421 / 0.443 / 0.456 / 0.466 / 0.470,
 * stamp 0.508 / 0.525 / 0.525 / 0.525 / 0.528 (the first two with the cover network's own sheet
 * answer). Not lower than 0.15: every step down widens what a false cover erases on a real photo, and
 * at 0.08 a magazine page's bold drop cap lost a patch (models/README.md, sheet-v3).
 */
const COVERED = 0.15;
/**
 * What the cleared patch leaves of the object's edge (the map has 128 × 128 cells over the frame) is
 * dark ink joined to the patch: it is cleared too, as far as this share of a cell from the patch.
 * Chosen on the generated val photos (40): half a cell / one cell gave signature 0.460 / 0.453 against
 * 0.443 without, all ink 0.735 / 0.735 against 0.731, the signature's kept ink under objects 1.1 / 2.0 %
 * against 3.7 %. On the real val photos (28, printed pages) it clears 0.3 % of the kept ink on average,
 * nearly all of it desk and fingers inside the found sheet's edge; the most real print lost is a thin
 * ring around a false cover inside a printed photograph (0.6 % of that page's ink).
 */
const RIM_REACH = 0.5;
/** Cleared pixels whose cover probability is below COVERED + this may border the patch's edge (the rim's seeds). */
const RIM_SEED_BAND = 0.5;

/**
 * Pixels under something lying on the page (the sheet model's cover map, interpolated bilinearly
 * between cell centres over the whole frame) become transparent paper (white, alpha 0) in place, as
 * the desk around the sheet does: a phone or a hand is no ink of the page; so does the dark rim the
 * patch leaves of it. Returns how many were cleared.
 */
export function clearCovered(image: RgbaImage, cover: CoverMap): number {
  const { width, height, data } = image;
  const { width: cw, height: ch, probability } = cover;
  const { first: row0, second: row1, weight: rowWeight } = axisTaps(height, ch);
  const { first: column0, second: column1, weight: columnWeight } = axisTaps(width, cw);
  // Rows of cells with no covered cell in them or the next are skipped whole: most photos have nothing on the page.
  const rowCovered = new Uint8Array(ch);
  for (let j = 0; j < ch; j++) {
    for (let i = 0; i < cw; i++) {
      if (probability[j * cw + i] >= COVERED) {
        rowCovered[j] = 1;
        break;
      }
    }
  }
  // Per cell: the most any pixel interpolated from it and its right and lower neighbours can reach
  // (a bilinear mean never exceeds its four values). Pixels far from every covered cell are skipped.
  const reach = new Float32Array(cw * ch);
  for (let j = 0; j < ch; j++) {
    const below = Math.min(ch - 1, j + 1) * cw;
    for (let i = 0; i < cw; i++) {
      const right = Math.min(cw - 1, i + 1);
      reach[j * cw + i] = Math.max(probability[j * cw + i], probability[j * cw + right], probability[below + i], probability[below + right]);
    }
  }
  // The pixel columns interpolated from cell column i (and the next) end before pastCell[i].
  const pastCell = new Int32Array(cw);
  for (let x = 0; x < width; x++) pastCell[column0[x]] = x + 1;
  let cleared = 0;
  const edge: number[] = [];
  for (let y = 0; y < height; y++) {
    const j0 = row0[y];
    const j1 = row1[y];
    if (!rowCovered[j0] && !rowCovered[j1]) continue;
    const wy = rowWeight[y];
    for (let x = 0; x < width; x++) {
      const i0 = column0[x];
      if (reach[j0 * cw + i0] < COVERED - 1e-6) {
        x = pastCell[i0] - 1;
        continue;
      }
      const i1 = column1[x];
      const wx = columnWeight[x];
      const top = probability[j0 * cw + i0] * (1 - wx) + probability[j0 * cw + i1] * wx;
      const bottom = probability[j1 * cw + i0] * (1 - wx) + probability[j1 * cw + i1] * wx;
      const covered = top * (1 - wy) + bottom * wy;
      if (covered < COVERED) continue;
      const p = (y * width + x) * 4;
      data[p] = 255;
      data[p + 1] = 255;
      data[p + 2] = 255;
      data[p + 3] = 0;
      cleared++;
      // The patch's edge lies where the probability crosses COVERED (it changes by at most one per
      // cell): only pixels near it can have a rim beside them.
      if (covered < COVERED + RIM_SEED_BAND) edge.push(y * width + x);
    }
  }
  return cleared + clearDarkJoined(image, edge, Math.ceil(RIM_REACH * Math.max(width / cw, height / ch)));
}
