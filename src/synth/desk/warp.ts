/**
 * The flat page seen in the photo: every photo pixel is traced back through the inverse homography
 * (and an edge's curl) to the page, where the paper colour and each ink layer's coverage are sampled
 * the same way (bilinear), so the truth computed from the warped coverages matches the warped image.
 * Outside the page the sheet mask is 0 and so is every coverage.
 */
import type { Point } from '../../core/shared/types';
import { LAYERS, type Coverage } from '../compose';
import { applyHomography, homographyFromPoints, invertHomography } from '../../core/shared/projective';
import type { Random } from '../random';

/**
 * An edge of the page lifted off the desk and bent over a band `band` pixels wide: seen from above the
 * band is foreshortened, more at one end of the edge (bend angles `from` → `to`, radians) than at the other.
 */
export interface Curl {
  edge: 'top' | 'right' | 'bottom' | 'left';
  band: number;
  from: number;
  to: number;
  /** Light change on the bent band at its steepest (negative: darker). */
  shade: number;
}

export function drawCurl(random: Random, page: { width: number; height: number }): Curl | null {
  if (!random.chance(0.3)) return null;
  const edge = random.pick(['top', 'right', 'bottom', 'left'] as const);
  const across = edge === 'top' || edge === 'bottom' ? page.height : page.width;
  return { edge, band: across * random.range(0.04, 0.12), from: random.range(0, 0.5), to: random.range(0.3, 1.1), shade: random.range(-0.18, 0.08) };
}

interface EdgeFrame {
  /** Distance from the curled edge into the page, and position along it (0..1). */
  normal(u: number, v: number): number;
  along(u: number, v: number): number;
  /** The page point at `normal` from the edge with the other coordinate of (u, v). */
  back(u: number, v: number, normal: number): [number, number];
}

function edgeFrame(curl: Curl, width: number, height: number): EdgeFrame {
  switch (curl.edge) {
    case 'top':
      return { normal: (_u, v) => v, along: (u) => u / width, back: (u, _v, n) => [u, n] };
    case 'bottom':
      return { normal: (_u, v) => height - v, along: (u) => u / width, back: (u, _v, n) => [u, height - n] };
    case 'left':
      return { normal: (u) => u, along: (_u, v) => v / height, back: (_u, v, n) => [n, v] };
    case 'right':
      return { normal: (u) => width - u, along: (_u, v) => v / height, back: (_u, v, n) => [width - n, v] };
  }
}

/** Page point → where it appears on the flat page plane once the edge is bent (the forward curl). */
function curlForward(curl: Curl, frame: EdgeFrame, u: number, v: number): [number, number] {
  const n = frame.normal(u, v);
  if (n >= curl.band) return [u, v];
  const angle = Math.max(1e-6, curl.from + (curl.to - curl.from) * frame.along(u, v));
  const s = curl.band - n;
  return frame.back(u, v, curl.band - (curl.band * Math.sin((angle * s) / curl.band)) / angle);
}

export interface WarpedSheet {
  /** Page colour on the sheet (3 floats per pixel), 0 elsewhere. */
  colour: Float32Array;
  /** 255 on the sheet (pixel centre on it), 0 on the desk. */
  mask: Uint8Array;
  /** The sheet's share of each pixel, 0..255: the mask with its edge antialiased (for the image only). */
  cover: Uint8Array;
  coverage: Coverage;
  corners: [Point, Point, Point, Point];
}

/**
 * `pageCorners` are where the flat page's corners (0,0), (W,0), (W,H), (0,H) appear in the photo; with a
 * curl, the sheet's own corners move with the bent edge.
 */
export function warpPage(
  page: { width: number; height: number; paper: Float32Array; coverage: Coverage },
  pageCorners: readonly Point[],
  curl: Curl | null,
  frame: { width: number; height: number },
): WarpedSheet {
  const { width: pw, height: ph, paper } = page;
  const flat = [
    { x: 0, y: 0 },
    { x: pw, y: 0 },
    { x: pw, y: ph },
    { x: 0, y: ph },
  ];
  const toPhoto = homographyFromPoints(flat, pageCorners);
  const toPage = invertHomography(toPhoto);
  const edge = curl ? edgeFrame(curl, pw, ph) : null;
  const corners = flat.map((p) => {
    const [u, v] = curl && edge ? curlForward(curl, edge, p.x, p.y) : [p.x, p.y];
    return applyHomography(toPhoto, { x: u, y: v });
  }) as WarpedSheet['corners'];

  const { width, height } = frame;
  const n = width * height;
  const colour = new Float32Array(n * 3);
  const mask = new Uint8Array(n);
  const coverage = Object.fromEntries(LAYERS.map((l) => [l, new Uint8Array(n)])) as Coverage;
  const layers = LAYERS.map((l) => page.coverage[l]);
  const outLayers = LAYERS.map((l) => coverage[l]);
  const [a, b, c, d, e, f, g, h, k] = toPage;
  const point = new Float64Array(3);
  /** The page point (u, v) and the curl's shade seen at photo point (px, py), into `point`; false off the sheet. */
  const pagePoint = (px: number, py: number): boolean => {
    const w = g * px + h * py + k;
    let u = (a * px + b * py + c) / w;
    let v = (d * px + e * py + f) / w;
    let shade = 1;
    if (curl && edge) {
      const normal = edge.normal(u, v);
      if (normal < curl.band) {
        const angle = Math.max(1e-6, curl.from + (curl.to - curl.from) * Math.min(1, Math.max(0, edge.along(u, v))));
        const sine = (angle * (curl.band - normal)) / curl.band;
        if (sine > Math.sin(angle) || normal < 0) return false;
        const s = (curl.band * Math.asin(sine)) / angle;
        [u, v] = edge.back(u, v, curl.band - s);
        shade = 1 + curl.shade * Math.sin((angle * s) / curl.band);
      }
    }
    if (u < 0 || v < 0 || u >= pw || v >= ph) return false;
    point[0] = u;
    point[1] = v;
    point[2] = shade;
    return true;
  };
  /** Bilinear samples at the page pixel centres: the colour always, the ink coverages on the sheet only. */
  const sample = (i: number, u: number, v: number, shade: number, withInk: boolean) => {
    const fu = Math.min(pw - 1, Math.max(0, u - 0.5));
    const fv = Math.min(ph - 1, Math.max(0, v - 0.5));
    const u0 = Math.floor(fu);
    const v0 = Math.floor(fv);
    const u1 = Math.min(pw - 1, u0 + 1);
    const v1 = Math.min(ph - 1, v0 + 1);
    const tu = fu - u0;
    const tv = fv - v0;
    const w00 = (1 - tu) * (1 - tv);
    const w10 = tu * (1 - tv);
    const w01 = (1 - tu) * tv;
    const w11 = tu * tv;
    const p00 = v0 * pw + u0;
    const p10 = v0 * pw + u1;
    const p01 = v1 * pw + u0;
    const p11 = v1 * pw + u1;
    for (let ch = 0; ch < 3; ch++) {
      colour[i * 3 + ch] = shade * (paper[p00 * 3 + ch] * w00 + paper[p10 * 3 + ch] * w10 + paper[p01 * 3 + ch] * w01 + paper[p11 * 3 + ch] * w11);
    }
    if (!withInk) return;
    for (let l = 0; l < layers.length; l++) {
      const src = layers[l];
      const sum = src[p00] * w00 + src[p10] * w10 + src[p01] * w01 + src[p11] * w11;
      if (sum > 0) outLayers[l][i] = Math.round(sum);
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!pagePoint(x + 0.5, y + 0.5)) continue;
      const i = y * width + x;
      mask[i] = 255;
      sample(i, point[0], point[1], point[2], true);
    }
  }
  const cover = antialiasEdge(mask, width, height, pagePoint, point, (i, u, v, shade) => sample(i, u, v, shade, false));
  return { colour, mask, cover, coverage, corners };
}

/**
 * The share of each pixel on the sheet's edge (4 × 4 samples) that the sheet covers; elsewhere the
 * mask. Edge pixels whose centre is off the sheet take their colour from a sample that is on it.
 */
function antialiasEdge(
  mask: Uint8Array,
  width: number,
  height: number,
  pagePoint: (px: number, py: number) => boolean,
  point: Float64Array,
  sampleColour: (i: number, u: number, v: number, shade: number) => void,
): Uint8Array {
  const cover = mask.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const m = mask[i];
      const edgePixel = (x > 0 && mask[i - 1] !== m) || (x + 1 < width && mask[i + 1] !== m) || (y > 0 && mask[i - width] !== m) || (y + 1 < height && mask[i + width] !== m);
      if (!edgePixel) continue;
      let inside = 0;
      let last: [number, number, number] | null = null;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          if (!pagePoint(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) continue;
          inside++;
          last = [point[0], point[1], point[2]];
        }
      }
      cover[i] = Math.round((inside * 255) / 16);
      if (!m && last) sampleColour(i, ...last);
    }
  }
  return cover;
}
