import crypto from 'node:crypto';

/**
 * How a result's blob is named. A file cleaned with type=webp is stored as `<uuid>.webp` at once.
 * After type=json or png the PNG is stored as `<uuid>.png` and the record points at it until the
 * WebP made from it is swapped in, under a name of its own per attempt (`<uuid>.<random>.webp`), so
 * two instances finishing the same file never write the same blob.
 */
export const webpKey = (uuid: string) => `${uuid}.webp`;

export const awaitingWebpKey = (uuid: string) => `${uuid}.png`;

export const finishedWebpKey = (uuid: string) => `${uuid}.${crypto.randomBytes(6).toString('hex')}.webp`;

/** The record still points at the PNG: its WebP has not been swapped in yet. */
export const isAwaitingWebp = (file: { blobKey: string }) => file.blobKey.endsWith('.png');

export const contentEtag = (bytes: Uint8Array) => `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
