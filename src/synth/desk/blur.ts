/** A soft blur of a one-channel field: three box passes each way (close to a Gaussian of sigma ≈ radius). */
export function blurField(field: Float32Array, width: number, height: number, radius: number): Float32Array {
  const r = Math.max(1, Math.round(radius * 0.9));
  const current = Float32Array.from(field);
  const scratch = new Float32Array(field.length);
  for (let pass = 0; pass < 3; pass++) {
    boxRows(current, scratch, width, height, r);
    boxColumns(scratch, current, width, height, r);
  }
  return current;
}

function boxRows(src: Float32Array, dst: Float32Array, width: number, height: number, r: number): void {
  const scale = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      dst[row + x] = sum * scale;
      sum += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
}

function boxColumns(src: Float32Array, dst: Float32Array, width: number, height: number, r: number): void {
  const scale = 1 / (2 * r + 1);
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[Math.min(height - 1, Math.max(0, k)) * width + x];
    for (let y = 0; y < height; y++) {
      dst[y * width + x] = sum * scale;
      sum += src[Math.min(height - 1, y + r + 1) * width + x] - src[Math.max(0, y - r) * width + x];
    }
  }
}
