/** Least-significant-bit-first bit packing, as WebP lossless (VP8L) reads its stream. */
export class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private accumulator = 0;
  private used = 0;

  constructor(initialBytes = 1 << 16) {
    this.bytes = new Uint8Array(initialBytes);
  }

  /** Appends the low `count` bits of `value` (count ≤ 24). */
  write(value: number, count: number): void {
    this.accumulator |= (value & ((1 << count) - 1)) << this.used;
    this.used += count;
    while (this.used >= 8) {
      if (this.length === this.bytes.length) this.grow();
      this.bytes[this.length++] = this.accumulator & 0xff;
      this.accumulator >>>= 8;
      this.used -= 8;
    }
  }

  /** The stream so far, its last byte padded with zero bits. */
  finish(): Uint8Array {
    if (this.used > 0) this.write(0, 8 - this.used);
    return this.bytes.subarray(0, this.length);
  }

  private grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}
