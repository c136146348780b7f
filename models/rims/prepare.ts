/**
 * Training pairs for the rim network (src/core/paper/inkSeparation/blurredRims.ts): every generated desk
 * photo of a folder rendered by `src/synth/render.ts --photos` (NNNN.jpg with its ink truth
 * NNNN.all.png) goes through the product's own path up to the ink alpha — the sheet found, the page
 * flattened, the learned ink/paper decision and its thinning — and each pixel the network reads is
 * written with its inputs and its truth: 1 ink (truth ≥ 128), 0 paper (truth 0); the truth's soft border
 * is left out, as every measure here leaves it out. Photos whose strokes are not blurred are skipped
 * (the network never reads them).
 *
 * Usage: tsx models/rims/prepare.ts --in DIR --out DIR [--start N --count N]
 * Writes per photo NNNN.inputs.f32 (RIM_INPUTS floats per pixel) and NNNN.labels.u8.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { flattenSheet } from '../../src/core/paper/flattenSheet';
import { RIM_INPUTS } from '../../src/core/paper/inkSeparation/blurredRims';
import { alphaFromInkDecision } from '../../src/core/paper/inkSeparation/separatedAlpha';
import { onWhitePaper } from '../../src/core/page/onWhitePaper';
import { loadModelEngine } from '../../src/server/model/ortNodeEngine';
import { decodeRaster } from '../../src/server/imaging/decodeRaster';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { in: { type: 'string' }, out: { type: 'string' }, start: { type: 'string' }, count: { type: 'string' } } });
  if (!values.in || !values.out) throw new Error('usage: tsx models/rims/prepare.ts --in DIR --out DIR [--start N --count N]');
  const { engine, kind, reason } = await loadModelEngine({});
  if (kind !== 'model' || !engine.separateInk || !engine.findSheet) throw new Error(`the rim network's pairs need the models: ${reason ?? 'no ink/paper model'}`);
  await mkdir(values.out, { recursive: true });
  const ids = (await readdir(values.in)).filter((f) => /^\d+\.jpg$/.test(f)).map((f) => f.slice(0, -4)).sort();
  const start = Number(values.start ?? 0);
  const chosen = ids.slice(start, start + Number(values.count ?? ids.length));
  let pixels = 0;
  for (const id of chosen) {
    const image = onWhitePaper(await decodeRaster(new Uint8Array(await readFile(path.join(values.in, `${id}.jpg`))), 50e6));
    const { sheet, flattened } = flattenSheet(image, () => {}, await engine.findSheet(image));
    if (sheet === null) continue;
    const separation = await engine.separateInk(flattened, true);
    const truth = await sharp(path.join(values.in, `${id}.all.png`)).extractChannel(0).raw().toBuffer();
    const inputs: number[] = [];
    const labels: number[] = [];
    alphaFromInkDecision(separation, (p, x) => {
      const t = truth[p];
      if (t !== 0 && t < 128) return;
      for (let i = 0; i < RIM_INPUTS; i++) inputs.push(x[i]);
      labels.push(t >= 128 ? 1 : 0);
    });
    if (labels.length === 0) continue;
    await writeFile(path.join(values.out, `${id}.inputs.f32`), new Float32Array(inputs));
    await writeFile(path.join(values.out, `${id}.labels.u8`), new Uint8Array(labels));
    pixels += labels.length;
  }
  console.log(`rims/prepare: ${chosen.length} photos read, ${pixels} pixels → ${values.out}`);
}

await main();
