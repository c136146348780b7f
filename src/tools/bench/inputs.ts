/**
 * Bench inputs: the same synthetic document photo (src/synth, one fixed test-split seed) rendered at
 * each size and saved as JPEG in .tmp/bench-inputs/. Rendering runs in a child process so the
 * generator's memory does not count in the measuring process's peak RSS.
 *   tsx src/tools/bench/inputs.ts MP...   (what the child runs)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateDocument } from '../../synth/generate';
import { splitSeed } from '../../synth/splits';
import type { BenchInput } from './types';

/** A photo (not a scan) with a signature and a stamp. */
export const BENCH_SEED = splitSeed('test', 900_000);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = path.join(ROOT, '.tmp', 'bench-inputs');
const fileFor = (mp: number) => path.join(CACHE, `${BENCH_SEED}-${mp}mp.jpg`);

async function render(megapixels: readonly number[]): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  for (const mp of megapixels) {
    const doc = await generateDocument(BENCH_SEED, { megapixels: mp });
    const bytes = doc.meta.capture.format === 'jpeg' ? doc.encoded : await sharp(doc.encoded).jpeg({ quality: 85 }).toBuffer();
    writeFileSync(fileFor(mp), bytes);
  }
}

export async function benchInputs(megapixels: readonly number[]): Promise<BenchInput[]> {
  const missing = megapixels.filter((mp) => !existsSync(fileFor(mp)));
  if (missing.length > 0) {
    const child = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url), ...missing.map(String)], { cwd: ROOT, stdio: 'inherit' });
    if (child.status !== 0) throw new Error('bench: rendering the inputs failed');
  }
  const inputs: BenchInput[] = [];
  for (const mp of megapixels) {
    const bytes = new Uint8Array(readFileSync(fileFor(mp)));
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    inputs.push({ megapixels: mp, width, height, bytes });
  }
  return inputs;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  render(process.argv.slice(2).map(Number)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
