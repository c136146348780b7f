/**
 * StaVerGt label maps made to fit StaVer's scans, and what they say: all ink, signature ink, and
 * signature boxes grouped from the signature ink.
 *
 * StaVerGt's 300-dpi label maps are about 1.515 times StaVer's scans in each direction (2472 × 3489
 * for a 1632 × 2302 scan; 2432 × 3455 for 1605 × 2280). A label map of the page's size is used as is;
 * one that is a uniform factor in LABEL_SCALE larger is resampled to the page by nearest neighbour
 * (pixel centres mapped), which keeps label values; any other size is refused.
 */
import { STAVERGT_LABELS, type PixelBox } from './datasetIndex';

/** The factors a label map may be larger than its page by (both directions alike, within 1 %). */
export const LABEL_SCALE = { min: 1.45, max: 1.55, tolerance: 0.01 } as const;

export interface LabelMap {
  width: number;
  height: number;
  /** One label value per pixel. */
  data: Uint8Array;
}

/** The factor a label map is larger than its page by; throws when the sizes do not fit. */
export function labelScale(label: { width: number; height: number }, page: { width: number; height: number }): number {
  if (label.width === page.width && label.height === page.height) return 1;
  const sx = label.width / page.width;
  const sy = label.height / page.height;
  const uniform = Math.abs(sx - sy) <= LABEL_SCALE.tolerance * Math.max(sx, sy);
  if (!uniform || sx < LABEL_SCALE.min || sx > LABEL_SCALE.max) {
    throw new Error(`label map is ${label.width} × ${label.height}, page ${page.width} × ${page.height}: not the page's size nor a uniform ${LABEL_SCALE.min}–${LABEL_SCALE.max} factor of it`);
  }
  return (sx + sy) / 2;
}

/** The label map at the page's size: nearest neighbour, each page pixel's centre mapped into the map. */
export function fitLabelMap(label: LabelMap, width: number, height: number): LabelMap {
  labelScale(label, { width, height });
  if (label.width === width && label.height === height) return label;
  const data = new Uint8Array(width * height);
  const columns = Int32Array.from({ length: width }, (_, x) => Math.min(label.width - 1, Math.floor(((x + 0.5) * label.width) / width)));
  for (let y = 0; y < height; y++) {
    const row = Math.min(label.height - 1, Math.floor(((y + 0.5) * label.height) / height)) * label.width;
    for (let x = 0; x < width; x++) data[y * width + x] = label.data[row + columns[x]];
  }
  return { width, height, data };
}

/** 255 where the label is one of `labels`, 0 elsewhere. */
export function labelMask(label: LabelMap, labels: readonly number[]): Uint8Array {
  const wanted = new Uint8Array(256);
  for (const value of labels) wanted[value] = 1;
  return label.data.map((value) => (wanted[value] ? 255 : 0));
}

/** All ink: every labelled pixel (text, graphics, logos, stamps, signatures, noise), i.e. not background. */
export function allInkMask(label: LabelMap): Uint8Array {
  return label.data.map((value) => (value === STAVERGT_LABELS.background ? 0 : 255));
}

export interface BoxGrouping {
  /** Components whose boxes come within this many pixels of each other are one signature. */
  gap: number;
  /** Pixels added around each group's box (label and scan may be a pixel or two apart after resampling). */
  pad: number;
  /** Groups with fewer ink pixels are specks, not signatures. */
  minPixels: number;
}

/**
 * For a page of `width` × `height`: gap 2.5 % of the width (≈ 5 mm on a letter page), pad 0.4 % (≈ 1 mm),
 * specks under 5 pixels per megapixel of page (18 on a 1605 × 2280 StaVer scan).
 */
export function boxGroupingFor(width: number, height: number): BoxGrouping {
  return { gap: Math.max(4, Math.round(0.025 * width)), pad: Math.max(2, Math.round(0.004 * width)), minPixels: Math.max(1, Math.round(5e-6 * width * height)) };
}

interface Group {
  box: PixelBox;
  pixels: number;
}

/** 8-connected components of the mask (non-zero = ink): their boxes and pixel counts. */
export function components(mask: Uint8Array, width: number, height: number): Group[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const found: Group[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [x0, y0, x1, y1, pixels] = [width, height, 0, 0, 0];
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      pixels++;
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x + 1 > x1) x1 = x + 1;
      if (y + 1 > y1) y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    found.push({ box: [x0, y0, x1, y1], pixels });
  }
  return found;
}

/** Whether two boxes come within `gap` pixels of each other (touching or overlapping is gap 0). */
function near(a: PixelBox, b: PixelBox, gap: number): boolean {
  return a[0] - gap < b[2] && b[0] - gap < a[2] && a[1] - gap < b[3] && b[1] - gap < a[3];
}

/**
 * Signature boxes from a signature-ink mask: connected components, merged while any two groups' boxes
 * come within `gap` of each other (a merged box can reach a further component, so until none do),
 * specks under `minPixels` dropped, each box padded by `pad` and clipped to the page. Sorted top to
 * bottom, left to right.
 */
export function signatureBoxes(mask: Uint8Array, width: number, height: number, grouping: BoxGrouping = boxGroupingFor(width, height)): PixelBox[] {
  let groups = components(mask, width, height);
  let merged = true;
  while (merged) {
    merged = false;
    const next: Group[] = [];
    for (const group of groups) {
      const other = next.find((candidate) => near(candidate.box, group.box, grouping.gap));
      if (!other) {
        next.push({ box: [...group.box], pixels: group.pixels });
        continue;
      }
      other.box = [Math.min(other.box[0], group.box[0]), Math.min(other.box[1], group.box[1]), Math.max(other.box[2], group.box[2]), Math.max(other.box[3], group.box[3])];
      other.pixels += group.pixels;
      merged = true;
    }
    groups = next;
  }
  const { pad } = grouping;
  return groups
    .filter((group) => group.pixels >= grouping.minPixels)
    .map(({ box }): PixelBox => [Math.max(0, box[0] - pad), Math.max(0, box[1] - pad), Math.min(width, box[2] + pad), Math.min(height, box[3] + pad)])
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}
