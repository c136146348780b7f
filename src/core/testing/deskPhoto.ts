import { invertHomography } from '../shared/projective';
import { squareToQuad } from '../page/sheet/straighten';
import type { RgbaImage, SheetOutline } from '../shared/types';
import type { Rgb, SyntheticPage } from './syntheticPage';

/**
 * A test photo of a page lying on a desk: the page warped onto the quad `corners` (bilinear), the
 * desk a colour with a fine deterministic grain, and optionally the sheet's soft shadow on the desk.
 * Only for tests of src/core.
 */
export interface DeskPhoto {
  image: RgbaImage;
  /** 1 where the pixel's centre is on the sheet. */
  onSheet: Uint8Array;
  /** The page's ink coverage carried onto the photo (nearest page pixel). */
  truthAlpha: Uint8Array;
}

export interface DeskPhotoOptions {
  width: number;
  height: number;
  corners: SheetOutline['corners'];
  desk: Rgb;
  /** Darkening of the desk right beside the sheet (0..1) and how far it reaches in pixels. */
  shadow?: { strength: number; reach: number };
}

export function deskPhoto(page: SyntheticPage, o: DeskPhotoOptions): DeskPhoto {
  const { width, height } = o;
  const m = squareToQuad(o.corners);
  // Image point → (u, v) on the page: the inverse of the page's projective map [[a b c] [d e f] [g h 1]].
  const inv = invertHomography(Float64Array.of(m.a, m.b, m.c, m.d, m.e, m.f, m.g, m.h, 1));
  const data = new Uint8ClampedArray(width * height * 4);
  const onSheet = new Uint8Array(width * height);
  const truthAlpha = new Uint8Array(width * height);
  const pw = page.image.width;
  const ph = page.image.height;
  const distance = o.shadow ? distanceToSheet(o.corners, width, height) : null;
  let seed = 12345;
  const grain = (): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 10;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const X = x + 0.5;
      const Y = y + 0.5;
      const w = inv[6] * X + inv[7] * Y + inv[8];
      const u = (inv[0] * X + inv[1] * Y + inv[2]) / w;
      const v = (inv[3] * X + inv[4] * Y + inv[5]) / w;
      const i = (y * width + x) * 4;
      const noise = grain();
      if (u >= 0 && u < 1 && v >= 0 && v < 1) {
        const px = Math.min(pw - 1, Math.floor(u * pw));
        const py = Math.min(ph - 1, Math.floor(v * ph));
        const k = (py * pw + px) * 4;
        for (let c = 0; c < 3; c++) data[i + c] = page.image.data[k + c] + noise * 0.3;
        onSheet[y * width + x] = 1;
        truthAlpha[y * width + x] = page.truthAlpha[py * pw + px];
      } else {
        const shade = distance && o.shadow ? 1 - o.shadow.strength * Math.max(0, 1 - distance[y * width + x] / o.shadow.reach) : 1;
        for (let c = 0; c < 3; c++) data[i + c] = o.desk[c] * shade + noise;
      }
      data[i + 3] = 255;
    }
  }
  return { image: { width, height, data }, onSheet, truthAlpha };
}

/** Distance (pixels) from each pixel centre to the nearest side of the quad (segments). */
function distanceToSheet(corners: SheetOutline['corners'], width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let best = Infinity;
      for (let k = 0; k < 4; k++) {
        const a = corners[k];
        const b = corners[(k + 1) % 4];
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const t = Math.max(0, Math.min(1, ((x + 0.5 - a.x) * dx + (y + 0.5 - a.y) * dy) / (dx * dx + dy * dy)));
        best = Math.min(best, Math.hypot(x + 0.5 - a.x - t * dx, y + 0.5 - a.y - t * dy));
      }
      out[y * width + x] = best;
    }
  }
  return out;
}
