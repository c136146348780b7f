import type { DocumentMeta } from '../generate';

/** Page units (1000 across, before the page rotation) to image pixels, as generate.ts draws: for tests that look at a placed mark. */
export function toPixel(meta: DocumentMeta, x: number, y: number): [number, number] {
  const unit = meta.width / 1000;
  const a = (meta.rotation * Math.PI) / 180;
  const dx = x * unit - meta.width / 2;
  const dy = y * unit - meta.height / 2;
  return [meta.width / 2 + dx * Math.cos(a) - dy * Math.sin(a), meta.height / 2 + dx * Math.sin(a) + dy * Math.cos(a)];
}
