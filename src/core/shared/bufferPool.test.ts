import { afterEach, describe, expect, it } from 'vitest';
import { giveBack, pooledByteCount, pooledFloat32, pooledUint8, pooledUint8Clamped, releasePooled } from './bufferPool';
import { cleanImage } from '../pipeline';
import { deskPhoto } from '../testing/deskPhoto';
import { testForm } from '../testing/syntheticPage';
import type { CleanOptions, RgbaImage } from './types';

const MB = 1 << 20;

afterEach(() => releasePooled());

describe('the buffer pool', () => {
  it('hands a given-back buffer out again, zeroed, to the next request of its byte length', () => {
    const first = pooledUint8(2 * MB);
    first.fill(7);
    giveBack(first);
    expect(pooledByteCount()).toBe(2 * MB);
    const again = pooledFloat32(MB / 2);
    expect(again.buffer).toBe(first.buffer);
    expect(again.every((v) => v === 0)).toBe(true);
    expect(pooledByteCount()).toBe(0);
    // Another length gets fresh memory, never a buffer of a different size.
    giveBack(again);
    expect(pooledUint8Clamped(3 * MB).buffer).not.toBe(first.buffer);
  });

  it('never lets two owners share a buffer: views over part of one, small ones and a second give-back are not taken', () => {
    const whole = pooledUint8(2 * MB);
    giveBack(whole.subarray(0, MB), whole.subarray(MB));
    expect(pooledByteCount()).toBe(0);
    giveBack(new Uint8Array(1000));
    expect(pooledByteCount()).toBe(0);
    giveBack(whole, whole);
    giveBack(whole);
    expect(pooledByteCount()).toBe(2 * MB);
    const a = pooledUint8(2 * MB);
    const b = pooledUint8(2 * MB);
    expect(a.buffer).toBe(whole.buffer);
    expect(b.buffer).not.toBe(a.buffer);
  });

  it('lets go of everything it holds when released', () => {
    giveBack(pooledUint8(MB), pooledUint8(MB));
    expect(pooledByteCount()).toBe(2 * MB);
    releasePooled();
    expect(pooledByteCount()).toBe(0);
  });
});

describe('documents cleaned while the pool hands buffers around', () => {
  const copy = (image: RgbaImage): RgbaImage => ({ ...image, data: new Uint8ClampedArray(image.data) });
  const digest = (image: RgbaImage): string => {
    let hash = 0x811c9dc5;
    for (let i = 0; i < image.data.length; i++) hash = Math.imul(hash ^ image.data[i], 0x01000193);
    return `${image.width}×${image.height} ${(hash >>> 0).toString(16)}`;
  };
  // Pages of more than a megapixel, so their planes go through the pool; a flat form and a photo of one on a desk.
  const form = testForm(() => [246, 242, 232], 1400, 1000).image;
  const photo = deskPhoto(testForm(() => [240, 236, 226], 1200, 860), {
    width: 1600,
    height: 1200,
    corners: [
      { x: 260, y: 170 },
      { x: 1390, y: 230 },
      { x: 1340, y: 1060 },
      { x: 210, y: 1010 },
    ],
    desk: [120, 84, 60],
  }).image;
  const jobs: { image: RgbaImage; options: CleanOptions }[] = [
    { image: form, options: { mode: 'standard', extract: '', aggressive: false, crop: false } },
    { image: photo, options: { mode: 'advanced', extract: 'signature', aggressive: false, crop: true } },
    { image: form, options: { mode: 'basic', extract: '', aggressive: false, crop: false, flatten: true } },
  ];

  it('get the same bytes at the same time as each alone, again and again', async () => {
    const alone: string[] = [];
    for (const job of jobs) {
      releasePooled();
      alone.push(digest((await cleanImage(copy(job.image), job.options)).image));
    }
    // Every result is kept until the end: a buffer given back while its result is still held would be handed out and overwritten.
    const rounds = [];
    for (let round = 0; round < 2; round++) rounds.push(await Promise.all(jobs.map((job) => cleanImage(copy(job.image), job.options))));
    for (const results of rounds) expect(results.map((result) => digest(result.image))).toEqual(alone);
    expect(pooledByteCount()).toBeGreaterThan(0);
  });
});
