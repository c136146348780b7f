/**
 * The edge step's training pairs (src/core/paper/inkSeparation/edgeStep.ts), read by the product's own code
 * from the pages `models/separation/prepare.ts` prepared: per page, the shipped ink/paper decision
 * (models/inksep.onnx through onnxruntime-node), the pixels the edge step would read and their inputs,
 * exactly as the pipeline computes them. Per page it writes into --out:
 *   <name>.edge.bin   int32 count, int32 inputs per pixel, int32 pixels[count], float32 inputs[count × inputs]
 *   <name>.base.png   255 where the decision alone leaves a pixel at least half covered (separatedAlpha.ts)
 * and edge-pages.json (name, source, split, size). The truth stays in the prepared folder.
 * Usage: tsx models/separation/prepareEdge.ts --prep DIR --out DIR [--model models/inksep.onnx]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { alphaFromInkDecision, HALF_COVERED } from '../../src/core/paper/inkSeparation';
import type { EdgeCandidates } from '../../src/core/paper/inkSeparation/edgeStep';
import { EDGE_INPUTS, edgeInputs } from '../../src/core/paper/inkSeparation/edgeStep';
import { separateFeatures } from '../../src/core/paper/inkSeparation/separate';
import { createOrtNodeSession, DEFAULT_SEPARATION_MODEL_PATH, ortRun } from '../../src/server/model/ortNodeEngine';
import { arg, flatPreparedPages, readPlane } from './preparedPages';

function edgeFile(candidates: EdgeCandidates): Buffer {
  const count = candidates.pixels.length;
  const inputs = new Float32Array(count * EDGE_INPUTS);
  edgeInputs(candidates, 0, count, inputs);
  const out = Buffer.alloc(8 + count * 4 + count * EDGE_INPUTS * 4);
  out.writeInt32LE(count, 0);
  out.writeInt32LE(EDGE_INPUTS, 4);
  Buffer.from(candidates.pixels.buffer, candidates.pixels.byteOffset, count * 4).copy(out, 8);
  Buffer.from(inputs.buffer, inputs.byteOffset, count * EDGE_INPUTS * 4).copy(out, 8 + count * 4);
  return out;
}

async function main(): Promise<void> {
  const prep = arg('prep');
  const out = arg('out');
  if (!prep || !out) throw new Error('usage: prepareEdge.ts --prep DIR --out DIR [--model FILE]');
  mkdirSync(out, { recursive: true });
  const { ort, session } = await createOrtNodeSession(arg('model', DEFAULT_SEPARATION_MODEL_PATH), 1);
  const run = ortRun(ort, session);
  const pages = flatPreparedPages(prep);
  const written = [];
  for (const page of pages) {
    const file = path.join(out, `${page.name}.edge.bin`);
    const deficit = await readPlane(path.join(prep, `${page.name}.deficit.png`));
    written.push({ name: page.name, source: page.source, split: page.split, width: deficit.width, height: deficit.height });
    if (existsSync(file)) continue;
    const luma = await readPlane(path.join(prep, `${page.name}.luma.png`));
    const features = { width: deficit.width, height: deficit.height, deficit: deficit.data, lumaDeficit: luma.data };
    let candidates: EdgeCandidates | undefined;
    const separation = await separateFeatures(run, features, { readEdge: (c) => (candidates = c) });
    const alpha = alphaFromInkDecision(separation);
    const base = Buffer.alloc(alpha.length);
    for (let k = 0; k < alpha.length; k++) base[k] = alpha[k] >= HALF_COVERED ? 255 : 0;
    await sharp(base, { raw: { width: features.width, height: features.height, channels: 1 } }).png({ compressionLevel: 1 }).toFile(path.join(out, `${page.name}.base.png`));
    writeFileSync(file, edgeFile(candidates!));
    console.log(`prepareEdge: ${page.name} ${features.width}×${features.height}, ${candidates!.pixels.length} pixels read (${((100 * candidates!.pixels.length) / alpha.length).toFixed(2)} %)`);
  }
  writeFileSync(path.join(out, 'edge-pages.json'), `${JSON.stringify(written, null, 1)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
