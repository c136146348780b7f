/**
 * Source pixel spans [start, end) for each scaled pixel along one axis: area averaging when
 * shrinking, nearest pixel when enlarging (every span holds at least one pixel).
 */
export function sourceSpans(sourceSize: number, scaledSize: number): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(scaledSize);
  const end = new Int32Array(scaledSize);
  for (let t = 0; t < scaledSize; t++) {
    const s0 = Math.min(sourceSize - 1, Math.floor((t * sourceSize) / scaledSize));
    const s1 = Math.floor(((t + 1) * sourceSize) / scaledSize);
    start[t] = s0;
    end[t] = Math.max(s0 + 1, Math.min(sourceSize, s1));
  }
  return { start, end };
}
