/**
 * Canonical prefix (Huffman) codes as WebP lossless stores them: lengths limited to `maxLength`,
 * codes assigned in order of length then symbol, bits reversed so that an LSB-first writer emits
 * each code's first bit first.
 */
export interface PrefixCode {
  lengths: Uint8Array;
  codes: Uint16Array;
}

/** Huffman code lengths for the counts; symbols with count 0 get length 0. At most maxLength bits. */
export function codeLengths(counts: ArrayLike<number>, maxLength: number): Uint8Array {
  const size = counts.length;
  const lengths = new Uint8Array(size);
  const used: number[] = [];
  for (let s = 0; s < size; s++) if (counts[s] > 0) used.push(s);
  if (used.length === 0) return lengths;
  if (used.length === 1) {
    lengths[used[0]] = 1;
    return lengths;
  }
  // Too deep a tree: raise the rare counts towards the common ones until it fits (zlib and libwebp do the same).
  for (let floor = 1; ; floor *= 2) {
    const weights = used.map((s) => Math.max(counts[s], floor));
    const depths = huffmanDepths(weights);
    if (Math.max(...depths) <= maxLength) {
      used.forEach((s, i) => (lengths[s] = depths[i]));
      return lengths;
    }
  }
}

/** Depth of each leaf in a Huffman tree over the weights (two or more). */
function huffmanDepths(weights: readonly number[]): number[] {
  interface Node { weight: number; leaves: number[] }
  let nodes: Node[] = weights.map((weight, i) => ({ weight, leaves: [i] }));
  const depths = new Array<number>(weights.length).fill(0);
  // Alphabets here are at most a few hundred symbols: a sorted list is fast enough.
  nodes.sort((a, b) => a.weight - b.weight);
  while (nodes.length > 1) {
    const [a, b] = nodes;
    for (const leaf of a.leaves) depths[leaf]++;
    for (const leaf of b.leaves) depths[leaf]++;
    const merged = { weight: a.weight + b.weight, leaves: a.leaves.concat(b.leaves) };
    nodes = nodes.slice(2);
    let at = 0;
    while (at < nodes.length && nodes[at].weight <= merged.weight) at++;
    nodes.splice(at, 0, merged);
  }
  return depths;
}

export function canonicalCode(lengths: Uint8Array): PrefixCode {
  const maxLength = Math.max(0, ...lengths);
  const perLength = new Uint16Array(maxLength + 2);
  for (const l of lengths) if (l) perLength[l]++;
  const next = new Uint16Array(maxLength + 2);
  let code = 0;
  for (let l = 1; l <= maxLength; l++) {
    code = (code + perLength[l - 1]) << 1;
    next[l] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const l = lengths[s];
    if (l) codes[s] = reverseBits(next[l]++, l);
  }
  return { lengths, codes };
}

function reverseBits(value: number, count: number): number {
  let reversed = 0;
  for (let i = 0; i < count; i++) reversed = (reversed << 1) | ((value >> i) & 1);
  return reversed;
}
