/**
 * Bench inputs: the same synthetic image (one fixed test-split seed per scene) rendered at each size
 * and saved as JPEG in .tmp/bench-inputs/. Two scenes: `page`, a captured document page (src/synth),
 * and `desk`, a phone photo of a sheet on a desk (src/synth/desk) whose capture blur makes the stroke
 * measure take it for a close-up, so the class model reads it at both scales: the pipeline's slowest
 * path for a photo. Rendering runs in a child process so the generator's memory does not count in the
 * measuring process's peak RSS.
 *   tsx src/tools/bench/inputs.ts [--scene page|desk] MP...   (what the child runs)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateDeskPhoto } from '../../synth/desk/scene';
import { generateDocument } from '../../synth/generate';
import { splitSeed } from '../../synth/splits';
import type { BenchInput } from './types';

export type BenchScene = 'page' | 'desk';
export const BENCH_SCENES: readonly BenchScene[] = ['page', 'desk'];
/** A photo (not a scan) with a signature and a stamp. */
export const BENCH_SEED = splitSeed('test', 900_000);
/** A desk photo with a signature (no stamp) whose blur the stroke measure takes for a close-up's thick strokes. */
export const DESK_BENCH_SEED = splitSeed('test', 11);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = path.join(ROOT, '.tmp', 'bench-inputs');
const fileFor = (mp: number, scene: BenchScene) => path.join(CACHE, scene === 'page' ? `${BENCH_SEED}-${mp}mp.jpg` : `desk-${DESK_BENCH_SEED}-${mp}mp.jpg`);

async function render(megapixels: readonly number[], scene: BenchScene): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  for (const mp of megapixels) {
    let bytes: Buffer;
    if (scene === 'desk') {
      const { image } = await generateDeskPhoto(DESK_BENCH_SEED, { megapixels: mp });
      bytes = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } }).jpeg({ quality: 85 }).toBuffer();
    } else {
      const doc = await generateDocument(BENCH_SEED, { megapixels: mp });
      bytes = doc.meta.capture.format === 'jpeg' ? doc.encoded : await sharp(doc.encoded).jpeg({ quality: 85 }).toBuffer();
    }
    writeFileSync(fileFor(mp, scene), bytes);
  }
}

export async function benchInputs(megapixels: readonly number[], scene: BenchScene = 'page'): Promise<BenchInput[]> {
  const missing = megapixels.filter((mp) => !existsSync(fileFor(mp, scene)));
  if (missing.length > 0) {
    const child = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url), '--scene', scene, ...missing.map(String)], { cwd: ROOT, stdio: 'inherit' });
    if (child.status !== 0) throw new Error('bench: rendering the inputs failed');
  }
  const inputs: BenchInput[] = [];
  for (const mp of megapixels) {
    const bytes = new Uint8Array(readFileSync(fileFor(mp, scene)));
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    inputs.push({ megapixels: mp, width, height, bytes });
  }
  return inputs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const sceneAt = args.indexOf('--scene');
  const scene = (sceneAt >= 0 ? args.splice(sceneAt, 2)[1] : 'page') as BenchScene;
  render(args.map(Number), scene).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
