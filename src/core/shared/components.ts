/**
 * Connected components (8-connected) of a binary mask, with their bounding boxes and areas.
 * Two-pass labelling with union-find on typed arrays; labels are 1..count, 0 is background.
 */
export interface Components {
  count: number;
  labels: Int32Array;
  /** Per component (index = label), inclusive bounding box and pixel count. Index 0 unused. */
  left: Int32Array;
  top: Int32Array;
  right: Int32Array;
  bottom: Int32Array;
  area: Int32Array;
}

/** `labels`, when given, is the zeroed array the labels are written into (a pooled buffer: its owner gives it back). */
export function labelComponents(mask: Uint8Array, width: number, height: number, labels: Int32Array = new Int32Array(width * height)): Components {
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      if (mask[p] === 0) continue;
      let l = 0;
      if (x > 0 && labels[p - 1] !== 0) l = labels[p - 1];
      if (y > 0) {
        const up = p - width;
        if (labels[up] !== 0) l = l === 0 ? labels[up] : union(l, labels[up]);
        if (x > 0 && labels[up - 1] !== 0) l = l === 0 ? labels[up - 1] : union(l, labels[up - 1]);
        if (x + 1 < width && labels[up + 1] !== 0) l = l === 0 ? labels[up + 1] : union(l, labels[up + 1]);
      }
      if (l === 0) {
        if (next >= parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[next] = next;
        l = next++;
      }
      labels[p] = l;
    }
  }
  // Compact roots to 1..count.
  const compact = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = find(l);
    if (r === l) compact[l] = ++count;
  }
  for (let l = 1; l < next; l++) compact[l] = compact[find(l)];
  const left = new Int32Array(count + 1).fill(width);
  const top = new Int32Array(count + 1).fill(height);
  const right = new Int32Array(count + 1).fill(-1);
  const bottom = new Int32Array(count + 1).fill(-1);
  const area = new Int32Array(count + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const raw = labels[row + x];
      if (raw === 0) continue;
      const l = compact[raw];
      labels[row + x] = l;
      if (x < left[l]) left[l] = x;
      if (x > right[l]) right[l] = x;
      if (y < top[l]) top[l] = y;
      if (y > bottom[l]) bottom[l] = y;
      area[l]++;
    }
  }
  return { count, labels, left, top, right, bottom, area };
}
