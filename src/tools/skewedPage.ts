import type { RgbaImage } from '../core';
import type { GroundTruth } from '../synth/compose';

/**
 * A generated page as a scanner fed crooked gives it: the page's content turned by `degrees`
 * (clockwise on the image, y down) about its centre, in a frame of the same size, with no sheet edge
 * (the corners the turn uncovers are the page's own paper tone, the median of its pixels). The truth
 * planes turn with it (bilinear; the class plane nearest), 0 where the page was turned out of view.
 * The generator itself turns pages by at most 2.5°; this is how `npm run eval -- --skew D` asks for more.
 */
export function skewedPage(image: RgbaImage, truth: GroundTruth, degrees: number): { image: RgbaImage; truth: GroundTruth } {
  const { width, height } = image;
  const paper = medianColour(image);
  const out = new Uint8ClampedArray(width * height * 4);
  const planes = { all: new Uint8Array(width * height), signature: new Uint8Array(width * height), stamp: new Uint8Array(width * height), classes: new Uint8Array(width * height) };
  const a = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [cx, cy] = [width / 2, height / 2];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The source point this pixel shows: the pixel turned back by −degrees.
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const sx = cx + cos * dx + sin * dy - 0.5;
      const sy = cy - sin * dx + cos * dy - 0.5;
      const p = y * width + x;
      if (sx < 0 || sy < 0 || sx > width - 1 || sy > height - 1) {
        out.set(paper, p * 4);
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
      const [i00, i10, i01, i11] = [y0 * width + x0, y0 * width + x1, y1 * width + x0, y1 * width + x1];
      for (let c = 0; c < 3; c++) {
        const d = image.data;
        out[p * 4 + c] = w00 * d[i00 * 4 + c] + w10 * d[i10 * 4 + c] + w01 * d[i01 * 4 + c] + w11 * d[i11 * 4 + c];
      }
      out[p * 4 + 3] = 255;
      for (const key of ['all', 'signature', 'stamp'] as const) {
        const t = truth[key];
        planes[key][p] = Math.round(w00 * t[i00] + w10 * t[i10] + w01 * t[i01] + w11 * t[i11]);
      }
      planes.classes[p] = truth.classes[Math.round(sy) * width + Math.round(sx)];
    }
  }
  return { image: { width, height, data: out }, truth: planes };
}

function medianColour({ data }: RgbaImage): number[] {
  const colour: number[] = [];
  for (let c = 0; c < 3; c++) {
    const histogram = new Uint32Array(256);
    for (let p = c; p < data.length; p += 16) histogram[data[p]]++;
    const half = histogram.reduce((s, v) => s + v, 0) / 2;
    let v = 0;
    for (let seen = 0; v < 255 && seen + histogram[v] < half; v++) seen += histogram[v];
    colour.push(v);
  }
  return [...colour, 255];
}
