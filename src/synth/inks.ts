/**
 * Ink colours of the generator: printed black and accent colours (logos, coloured headings and
 * rules: printed class), pens (handwriting) and stamp pads. RGB 0..255.
 */
import type { Random } from './random';

export type Rgb = [number, number, number];

export interface NamedInk {
  name: string;
  rgb: Rgb;
}

/** Pen inks; black listed three times so about a third of signatures are black. */
export const SIGNATURE_INKS: readonly Rgb[] = [
  [25, 45, 150], // blue ballpoint
  [20, 60, 175],
  [35, 40, 110], // dark blue
  [25, 25, 35], // black
  [18, 18, 22], // black gel
  [45, 45, 50], // worn black ballpoint
  [55, 30, 105], // dark violet
  [15, 35, 95],
  [25, 25, 35],
];

export const STAMP_INKS: readonly NamedInk[] = [
  { name: 'blue', rgb: [45, 70, 175] },
  { name: 'blue', rgb: [30, 60, 150] },
  { name: 'violet', rgb: [105, 55, 160] },
  { name: 'violet', rgb: [80, 50, 140] },
  { name: 'red', rgb: [195, 40, 50] },
];

/**
 * Corporate colours of printed logos, coloured titles, table headers and rules. Blue, violet and
 * red on purpose overlap the stamp inks: colour alone must not say "stamp".
 */
export const ACCENT_INKS: readonly NamedInk[] = [
  { name: 'blue', rgb: [20, 70, 160] },
  { name: 'blue', rgb: [0, 100, 190] },
  { name: 'red', rgb: [200, 30, 40] },
  { name: 'red', rgb: [150, 20, 45] },
  { name: 'green', rgb: [20, 130, 60] },
  { name: 'violet', rgb: [100, 50, 150] },
  { name: 'orange', rgb: [235, 120, 20] },
  { name: 'teal', rgb: [0, 125, 130] },
  { name: 'dark', rgb: [25, 40, 85] },
  { name: 'dark', rgb: [55, 55, 62] },
];

export const DARK_INKS: readonly NamedInk[] = ACCENT_INKS.filter((ink) => ink.name === 'dark');

export const css = ([r, g, b]: Rgb): string => `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;

export const jitter = (random: Random, [r, g, b]: Rgb, amount: number): Rgb => [
  Math.min(255, Math.max(0, r + random.range(-amount, amount))),
  Math.min(255, Math.max(0, g + random.range(-amount, amount))),
  Math.min(255, Math.max(0, b + random.range(-amount, amount))),
];
