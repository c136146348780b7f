/**
 * Page-sized buffers reused from one document to the next. Both runtimes hand a large typed array
 * fresh pages from the system (glibc maps allocations of 32 MB and more, Chromium's allocator every
 * one of a few MB), and the first touch of each 4 KiB page costs a fault: about 10 µs each on this
 * project's virtual machines, 0.3 s of a 4-MP page in the browser. A buffer given back here is
 * handed out again, zeroed, to the next request of the same byte length.
 *
 * Only the owner of a buffer gives it back, once, when nothing refers to it any more; a view over
 * part of a buffer, or a buffer another owner holds (a caller's image), is never given back. A list
 * whose length is known only once it is filled takes a buffer of a power-of-two size
 * (`pooledInt32List`) and gives it back through a view of its filled part (`giveBackList`).
 * Buffers left unused for IDLE_MS are released, so an idle tab or server holds none.
 */
/** Smaller buffers are left to the allocator: below this, fresh memory costs less than a millisecond. */
const POOLED_MIN_BYTES = 1 << 16;
const POOLED_MAX_BYTES = 256 << 20;
const IDLE_MS = 20_000;

const free = new Map<number, ArrayBuffer[]>();
const pooled = new Set<ArrayBuffer>();
let pooledBytes = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
/** Buffers handed out by pooledInt32List and not given back yet. */
const lists = new WeakSet<ArrayBuffer>();

function takeBuffer(byteLength: number): ArrayBuffer {
  const reused = free.get(byteLength)?.pop();
  if (!reused) return new ArrayBuffer(byteLength);
  lists.delete(reused);
  pooled.delete(reused);
  pooledBytes -= byteLength;
  new Uint8Array(reused).fill(0);
  return reused;
}

export const pooledUint8 = (length: number): Uint8Array => new Uint8Array(takeBuffer(length));
export const pooledUint8Clamped = (length: number): Uint8ClampedArray => new Uint8ClampedArray(takeBuffer(length));
export const pooledFloat32 = (length: number): Float32Array => new Float32Array(takeBuffer(length * 4));
export const pooledFloat64 = (length: number): Float64Array => new Float64Array(takeBuffer(length * 8));
export const pooledUint32 = (length: number): Uint32Array => new Uint32Array(takeBuffer(length * 4));
export const pooledInt32 = (length: number): Int32Array => new Int32Array(takeBuffer(length * 4));

/** An Int32Array of at least `length` elements, its byte length a power of two (so lists of any length reuse the same few sizes). */
export function pooledInt32List(length: number): Int32Array {
  const buffer = takeBuffer(Math.max(POOLED_MIN_BYTES, 2 ** Math.ceil(Math.log2(Math.max(1, length) * 4))));
  lists.add(buffer);
  return new Int32Array(buffer);
}

/** A Float32Array of exactly `length` elements over a pooled list buffer (as `pooledInt32List`'s), for a tensor whose size a page decides. */
export function pooledFloat32List(length: number): Float32Array {
  return new Float32Array(pooledInt32List(length).buffer, 0, length);
}

/** Gives back the whole buffer of a list from `pooledInt32List` or `pooledFloat32List`, through any view of it; anything else is left alone. */
export function giveBackList(list: ArrayBufferView): void {
  if (!(list.buffer instanceof ArrayBuffer) || !lists.has(list.buffer)) return;
  lists.delete(list.buffer);
  giveBack(new Int32Array(list.buffer));
}

/** Gives whole buffers back for reuse; anything else (small, partial views, detached, already given) is left to the collector. */
export function giveBack(...arrays: readonly (ArrayBufferView | null | undefined)[]): void {
  for (const array of arrays) {
    if (!array) continue;
    const buffer = array.buffer;
    if (!(buffer instanceof ArrayBuffer) || array.byteOffset !== 0 || array.byteLength !== buffer.byteLength) continue;
    const bytes = buffer.byteLength;
    if (bytes < POOLED_MIN_BYTES || pooled.has(buffer) || pooledBytes + bytes > POOLED_MAX_BYTES) continue;
    const list = free.get(bytes);
    if (list) list.push(buffer);
    else free.set(bytes, [buffer]);
    pooled.add(buffer);
    pooledBytes += bytes;
  }
  scheduleRelease();
}

function scheduleRelease(): void {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  if (pooledBytes === 0) return;
  idleTimer = setTimeout(releasePooled, IDLE_MS);
  // In Node a pending timer would keep a finished command alive for IDLE_MS.
  (idleTimer as { unref?: () => void }).unref?.();
}

/** Drops every pooled buffer (also what the idle timer does). */
export function releasePooled(): void {
  free.clear();
  pooled.clear();
  pooledBytes = 0;
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
}

/** Bytes held for reuse now (for tests and the bench). */
export const pooledByteCount = (): number => pooledBytes;
