/**
 * The stray-ink step's training pairs (src/core/paper/inkSeparation/strayInk.ts), read by the product's own
 * code from the pages `models/separation/prepare.ts` prepared: per page, the shipped decision and edge
 * step (models/inksep.onnx, models/inkedge.onnx through onnxruntime-node), the pieces of decided ink
 * the stray step reads and their inputs, exactly as the pipeline computes them, with what the truth
 * says of each piece. Per page it writes into --out `<name>.stray.bin`:
 *   int32 pieces, int32 inputs per piece, int32 page counts [true ink, kept right, kept wrongly] of the
 *   half-covered result (separatedAlpha.ts) against the truth, then per piece float32 inputs and six
 *   float32 counts: its pixels under the truth's ink, its pixels where the truth has a say, its
 *   half-covered pixels under true ink and over true paper, its generated signature and stamp pixels
 * and stray-pages.json (name, source, split). The truth stays in the prepared folder.
 * Usage: tsx models/separation/prepareStray.ts --prep DIR --out DIR
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { alphaFromInkDecision, HALF_COVERED } from '../../src/core/paper/inkSeparation';
import { separateFeatures } from '../../src/core/paper/inkSeparation/separate';
import { STRAY_INPUTS, strayPieces } from '../../src/core/paper/inkSeparation/strayInk';
import { createOrtNodeSession, DEFAULT_EDGE_MODEL_PATH, DEFAULT_SEPARATION_MODEL_PATH, ortRun } from '../../src/server/model/ortNodeEngine';
import { arg, flatPreparedPages, readPlane } from './preparedPages';

/** Per piece: under true ink, where the truth has a say, half covered over true ink, over true paper, signature, stamp. */
const PIECE_COUNTS = 6;

async function main(): Promise<void> {
  const prep = arg('prep');
  const out = arg('out');
  if (!prep || !out) throw new Error('usage: prepareStray.ts --prep DIR --out DIR');
  mkdirSync(out, { recursive: true });
  const separation = await createOrtNodeSession(arg('model', DEFAULT_SEPARATION_MODEL_PATH), 1);
  const edge = await createOrtNodeSession(arg('edge', DEFAULT_EDGE_MODEL_PATH), 1);
  const run = ortRun(separation.ort, separation.session);
  const edgeRun = ortRun(edge.ort, edge.session);
  const pages = flatPreparedPages(prep);
  const written = [];
  for (const page of pages) {
    written.push({ name: page.name, source: page.source, split: page.split });
    const file = path.join(out, `${page.name}.stray.bin`);
    if (existsSync(file)) continue;
    const deficit = await readPlane(path.join(prep, `${page.name}.deficit.png`));
    const luma = await readPlane(path.join(prep, `${page.name}.luma.png`));
    const truth = (await readPlane(path.join(prep, `${page.name}.truth.png`))).data;
    const inksFile = path.join(prep, `${page.name}.inks.png`);
    const stamp = existsSync(inksFile) ? (await readPlane(inksFile, 0)).data : null;
    const signature = existsSync(inksFile) ? (await readPlane(inksFile, 1)).data : null;
    const features = { width: deficit.width, height: deficit.height, deficit: deficit.data, lumaDeficit: luma.data };
    const decided = await separateFeatures(run, features, { edgeRun, clearStray: false });
    const { components, inputs } = strayPieces(features, decided.ink);
    const alpha = alphaFromInkDecision(decided);
    const counts = new Float32Array(components.count * PIECE_COUNTS);
    let trueInk = 0;
    let right = 0;
    let wrong = 0;
    for (let p = 0; p < alpha.length; p++) {
      const t = truth[p];
      const isTrue = t >= 192;
      const hasSay = t !== 128;
      const half = alpha[p] >= HALF_COVERED;
      if (isTrue && hasSay) trueInk++;
      if (half && hasSay) {
        if (isTrue) right++;
        else wrong++;
      }
      const l = components.labels[p];
      if (l === 0) continue;
      const c = (l - 1) * PIECE_COUNTS;
      if (isTrue && hasSay) counts[c]++;
      if (hasSay) counts[c + 1]++;
      if (half && hasSay) counts[c + (isTrue ? 2 : 3)]++;
      if (signature && signature[p] >= 128) counts[c + 4]++;
      if (stamp && stamp[p] >= 128) counts[c + 5]++;
    }
    const header = Buffer.alloc(20);
    header.writeInt32LE(components.count, 0);
    header.writeInt32LE(STRAY_INPUTS, 4);
    header.writeInt32LE(trueInk, 8);
    header.writeInt32LE(right, 12);
    header.writeInt32LE(wrong, 16);
    const rows = new Float32Array(components.count * (STRAY_INPUTS + PIECE_COUNTS));
    for (let k = 0; k < components.count; k++) {
      rows.set(inputs.subarray(k * STRAY_INPUTS, (k + 1) * STRAY_INPUTS), k * (STRAY_INPUTS + PIECE_COUNTS));
      rows.set(counts.subarray(k * PIECE_COUNTS, (k + 1) * PIECE_COUNTS), k * (STRAY_INPUTS + PIECE_COUNTS) + STRAY_INPUTS);
    }
    writeFileSync(file, Buffer.concat([header, Buffer.from(rows.buffer)]));
    console.log(`prepareStray: ${page.name} ${features.width}×${features.height}, ${components.count} pieces`);
  }
  writeFileSync(path.join(out, 'stray-pages.json'), `${JSON.stringify(written, null, 1)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
