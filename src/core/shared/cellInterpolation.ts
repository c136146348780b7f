/**
 * Bilinear taps between cell centres along one axis (half-pixel centres, clamped at the ends): pixel
 * i of `size` lies between cells t0 and t1 of `cells`, weight f on t1. Shared by the stages that spread
 * a model's low-resolution answer to every pixel (the sheet's cover map, the ink decision); the ink
 * decision's training code mirrors it (models/separation/data.py).
 */
export function interpolationTaps(size: number, cells: number, t0: Int32Array, t1: Int32Array, f: Float32Array): void {
  const scale = cells / size;
  for (let i = 0; i < size; i++) {
    const g = Math.min(cells - 1, Math.max(0, (i + 0.5) * scale - 0.5));
    const lo = Math.floor(g);
    t0[i] = lo;
    t1[i] = Math.min(cells - 1, lo + 1);
    f[i] = g - lo;
  }
}

/** The taps of `interpolationTaps` for one axis, in arrays of their own. */
export function axisTaps(size: number, cells: number): { first: Int32Array; second: Int32Array; weight: Float32Array } {
  const first = new Int32Array(size);
  const second = new Int32Array(size);
  const weight = new Float32Array(size);
  interpolationTaps(size, cells, first, second, weight);
  return { first, second, weight };
}
