/**
 * A handful of pages in src/synth/render.ts's output layout (NNNN.png + NNNN.classes.png), made from
 * src/core's own test form, so `train.py --smoke` and the driver can be checked without the real
 * dataset. Not training data. Usage: tsx models/smokeFixture.ts --out DIR [--count N]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { testForm } from '../src/core/testing/syntheticPage';

const out = process.argv[process.argv.indexOf('--out') + 1];
const countArg = process.argv.indexOf('--count');
const count = countArg >= 0 ? Number(process.argv[countArg + 1]) : 6;
mkdirSync(out, { recursive: true });
for (let i = 0; i < count; i++) {
  const tint = 230 + ((i * 7) % 20);
  const page = testForm(() => [tint + 5, tint, tint - 12], 480 + i * 40, 320 + i * 30);
  const id = String(i).padStart(4, '0');
  const { width, height, data } = page.image;
  await sharp(Buffer.from(data.buffer), { raw: { width, height, channels: 4 } }).png().toFile(path.join(out, `${id}.png`));
  await sharp(Buffer.from(page.truthClass), { raw: { width, height, channels: 1 } }).png().toFile(path.join(out, `${id}.classes.png`));
}
console.log(`smoke fixture: ${count} test forms → ${out}`);
