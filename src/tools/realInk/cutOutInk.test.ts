import { describe, expect, it } from 'vitest';
import { cutOutInk } from './cutOutInk';

/** A yellowed page with two inks far apart and one speck; the mask marks exactly the ink. */
function page() {
  const width = 200;
  const height = 100;
  const data = new Uint8ClampedArray(width * height * 4);
  const mask = new Uint8Array(width * height);
  const paper = [240, 230, 200];
  for (let p = 0; p < width * height; p++) data.set([...paper, 255], p * 4);
  const ink = (x: number, y: number, rgb: number[]) => {
    data.set([...rgb, 255], (y * width + x) * 4);
    mask[y * width + x] = 1;
  };
  // A blue ring (the paper's yellow multiplied in: as a scan shows it) centred at (40, 50), radius 20.
  for (let a = 0; a < 360; a += 0.5) {
    const x = Math.round(40 + 20 * Math.cos((a * Math.PI) / 180));
    const y = Math.round(50 + 20 * Math.sin((a * Math.PI) / 180));
    ink(x, y, [120, 115, 150]);
  }
  // A dark dashed stroke from (120, 40) to (180, 60): gaps of 3 px stay one cut-out.
  for (let x = 120; x <= 180; x++) if (x % 6 < 4) ink(x, Math.round(40 + ((x - 120) * 20) / 60), [24, 23, 20]);
  ink(100, 90, [24, 23, 20]); // a speck
  return { image: { width, height, data }, mask };
}

describe('cutting real ink out of a scan', () => {
  it('gives one cut-out per group of ink, without specks, in the ink\'s own colour against white', () => {
    const { image, mask } = page();
    const cutouts = cutOutInk(image, mask, { groupDistance: 8, minInkPixels: 20, margin: 2 });
    expect(cutouts).toHaveLength(2);
    const [ring, stroke] = cutouts.sort((a, b) => a.x - b.x);
    expect([ring.x, ring.y, ring.width, ring.height]).toEqual([18, 28, 45, 45]);
    expect(stroke.x).toBe(118);
    expect(stroke.x + stroke.width).toBe(183);
    // Ink divided by the paper around it: (120, 115, 150) on (240, 230, 200) is (128, 128, 191) on white.
    const at = (c: typeof ring, x: number, y: number) => Array.from(c.rgba.slice(((y - c.y) * c.width + (x - c.x)) * 4, ((y - c.y) * c.width + (x - c.x)) * 4 + 4));
    expect(at(ring, 60, 50)).toEqual([128, 128, 191, 255]);
    // Paper inside the ring: white, transparent.
    expect(at(ring, 40, 50)).toEqual([255, 255, 255, 0]);
    expect(stroke.inkPixels).toBeGreaterThan(30);
  });

  it('refuses a mask of another size', () => {
    const { image } = page();
    expect(() => cutOutInk(image, new Uint8Array(10), { groupDistance: 8, minInkPixels: 20, margin: 2 })).toThrow(/mask/);
  });
});
