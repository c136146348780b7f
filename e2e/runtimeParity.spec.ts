/**
 * The browser and the server label ink alike: onnxruntime-web (WASM, in Chromium, through the app's
 * own processing worker: `classMapOn` → OrtInkEngine) and onnxruntime-node (the server's session
 * code, src/server/model/ortNodeEngine.ts) give the same class map for the same fixed page. Both
 * sides prepare the page with the same code (src/worker/engineInput.ts: src/core's paper field and
 * ink alpha) and run src/core/classes/model's scale normalisation and argmax; only the runtime differs.
 * The committed models/inkseg.onnx is used on both sides (the served copy must be byte-identical).
 * The same for the ink-separation model (models/inksep.onnx) with its edge network (models/inkedge.onnx): both
 * runtimes decide the same pixels are ink;
 * and for the sheet model (models/sheet.onnx): both find the same sheet in a desk photo.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { InkClass, type ClassMap, type ModelRun, type RgbaImage } from '../src/core';
import { classifyWithModel, MODEL_LONG_SIDE } from '../src/core/classes/model';
import { separateInkWithModel } from '../src/core/paper/inkSeparation';
import { findSheetWithModel } from '../src/core/page/sheet/sheetModel';
import { createOrtNodeSession, DEFAULT_EDGE_MODEL_PATH, DEFAULT_MODEL_PATH, DEFAULT_SEPARATION_MODEL_PATH, DEFAULT_SHEET_MODEL_PATH, ortRun } from '../src/server/model/ortNodeEngine';
import { generateDeskPhoto, generateDocument, splitSeed } from '../src/synth';
import { engineInputOf } from '../src/worker/engineInput';
import { openApp } from './support/app';

/** A test-split photo (JPEG capture) with printed text, form lines, a signature and a stamp; 1 MP keeps the page transfer small. */
const PAGE_SEED = splitSeed('test', 900_000);
const PAGE_MEGAPIXELS = 1;
const MIN_AGREEMENT = 0.995;
/** An ink class counts as present when it labels at least this share of the inked cells. */
const PRESENT_SHARE = 0.005;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Both runtimes must run the same file: the web build serves the committed model byte for byte. */
async function expectServedAsCommitted(request: APIRequestContext, file: string, committedPath: string): Promise<void> {
  const served = await request.get(`/models/${file}`);
  expect(served.status(), `the web build must deploy the committed models/${file}`).toBe(200);
  expect(sha256(await served.body()), `the served /models/${file} differs from models/${file}: rebuild the web app (or unset E2E_REUSE)`).toBe(sha256(readFileSync(committedPath)));
}

/** The server's onnxruntime-node session on a committed model file, released after `use`. */
async function onNode<T>(modelPath: string, use: (run: ModelRun) => Promise<T>): Promise<T> {
  const { ort, session } = await createOrtNodeSession(modelPath, 1);
  try {
    return await use(ortRun(ort, session));
  } finally {
    await session.release();
  }
}

/** An image as page.evaluate can take it cheaply: its pixels in base64 (a typed array, not a 4-MB JSON array, on the other side). */
const transferable = (image: RgbaImage) => ({ width: image.width, height: image.height, base64: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength).toString('base64') });

type Diagnostics = NonNullable<Window['inkliftDiagnostics']>;

/** One of the app worker's one-image diagnostics hooks (WASM backend) on `image`. */
async function inApp<K extends 'inkDecisionOn' | 'sheetOn'>(page: Page, hook: K, image: RgbaImage): Promise<Awaited<ReturnType<Diagnostics[K]>>> {
  await openApp(page, '?diagnostics=1&disableGpu=1');
  return page.evaluate(
    async ({ hook, width, height, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      // The hook's type says number[]; it copies with Uint8ClampedArray.from, so a typed array does.
      return window.inkliftDiagnostics![hook]({ width, height, data: bytes as unknown as number[] });
    },
    { hook, ...transferable(image) },
  ) as Promise<Awaited<ReturnType<Diagnostics[K]>>>;
}

function agreement(a: ClassMap, b: ClassMap, only?: (i: number) => boolean): { same: number; cells: number } {
  let same = 0;
  let cells = 0;
  for (let i = 0; i < a.classes.length; i++) {
    if (only && !only(i)) continue;
    cells++;
    if (a.classes[i] === b.classes[i]) same++;
  }
  return { same, cells };
}

test('onnxruntime-web (WASM, Chromium) and onnxruntime-node give the same class map on a fixed page', async ({ page, request }) => {
  test.setTimeout(300_000);
  await expectServedAsCommitted(request, 'inkseg.onnx', DEFAULT_MODEL_PATH);

  const doc = await generateDocument(PAGE_SEED, { megapixels: PAGE_MEGAPIXELS });

  // Node: the server's onnxruntime-node session on the committed file.
  const nodeMap = await onNode(DEFAULT_MODEL_PATH, (run) => classifyWithModel(run, engineInputOf(doc.image), MODEL_LONG_SIDE));

  // Chromium: the app's worker, WASM backend, at the model's own scale.
  await openApp(page, '?diagnostics=1&disableGpu=1');
  const webMap = await page.evaluate(
    async ({ width, height, base64, longSide }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      // The hook's type says number[]; it copies with Uint8ClampedArray.from, so a typed array avoids a 4-MB JSON array.
      const image = { width, height, data: bytes as unknown as number[] };
      return window.inkliftDiagnostics!.classMapOn(image, 'wasm', longSide);
    },
    { ...transferable(doc.image), longSide: MODEL_LONG_SIDE },
  );
  expect(webMap.backend).toContain('WASM');
  expect([webMap.width, webMap.height]).toEqual([nodeMap.width, nodeMap.height]);
  const web: ClassMap = { width: webMap.width, height: webMap.height, classes: Uint8Array.from(webMap.classes) };

  // The map is not trivial: paper and several ink classes (from the page's printed text, form lines, signature, stamp).
  const counts = new Map<number, number>();
  for (const c of nodeMap.classes) counts.set(c, (counts.get(c) ?? 0) + 1);
  const inked = nodeMap.classes.length - (counts.get(InkClass.paper) ?? 0);
  const present = [...counts].filter(([c, n]) => c !== InkClass.paper && n >= PRESENT_SHARE * inked).map(([c]) => c);
  console.log(`class map ${nodeMap.width}×${nodeMap.height}: cells per class ${JSON.stringify(Object.fromEntries([...counts].sort((a, b) => a[0] - b[0])))}; ink classes present: ${present.join(', ')}`);
  expect(inked, 'inked cells').toBeGreaterThan(0.02 * nodeMap.classes.length);
  expect(present.length, 'ink classes holding ≥ 0.5% of the inked cells').toBeGreaterThanOrEqual(3);

  const all = agreement(nodeMap, web);
  const ink = agreement(nodeMap, web, (i) => nodeMap.classes[i] !== InkClass.paper || web.classes[i] !== InkClass.paper);
  console.log(`onnxruntime-web (WASM) vs onnxruntime-node: ${all.same}/${all.cells} cells agree (${((100 * all.same) / all.cells).toFixed(3)}%); inked cells ${ink.same}/${ink.cells} (${((100 * ink.same) / ink.cells).toFixed(3)}%)`);
  expect(all.same / all.cells).toBeGreaterThanOrEqual(MIN_AGREEMENT);
  // Paper cells are decided by the ink alpha on both sides; the model's own labels must agree as well.
  expect(ink.same / ink.cells).toBeGreaterThanOrEqual(MIN_AGREEMENT);
});

test('onnxruntime-web (WASM, Chromium) and onnxruntime-node make the same ink/paper decision on a fixed page', async ({ page, request }) => {
  test.setTimeout(300_000);
  await expectServedAsCommitted(request, 'inksep.onnx', DEFAULT_SEPARATION_MODEL_PATH);
  await expectServedAsCommitted(request, 'inkedge.onnx', DEFAULT_EDGE_MODEL_PATH);

  const doc = await generateDocument(PAGE_SEED, { megapixels: PAGE_MEGAPIXELS });

  // Node: the server's session code on the committed files, on the page flattened as the pipeline does (a flat page: the edge step runs).
  const { flattened } = engineInputOf(doc.image);
  const nodeInk = (await onNode(DEFAULT_SEPARATION_MODEL_PATH, (run) => onNode(DEFAULT_EDGE_MODEL_PATH, (edgeRun) => separateInkWithModel(run, flattened, false, edgeRun)))).ink;

  const web = await inApp(page, 'inkDecisionOn', doc.image);
  expect(web, 'the worker has no ink-separation model').not.toBeNull();
  expect(web!.engine).toContain('inksep');
  expect(web!.engine).toContain('inkedge');
  const webInk = Buffer.from(web!.ink, 'base64');
  expect(webInk.length).toBe(nodeInk.length);

  let inkEither = 0;
  let inkBoth = 0;
  let differ = 0;
  for (let p = 0; p < nodeInk.length; p++) {
    if (nodeInk[p] || webInk[p]) inkEither++;
    if (nodeInk[p] && webInk[p]) inkBoth++;
    if (nodeInk[p] !== webInk[p]) differ++;
  }
  console.log(`ink/paper decision, onnxruntime-web (WASM) vs onnxruntime-node: ${differ} of ${nodeInk.length} pixels differ; ink ${inkBoth}/${inkEither} agree`);
  // The page has ink (print, lines, a signature, a stamp) and both runtimes find the same pixels.
  expect(inkEither).toBeGreaterThan(0.01 * nodeInk.length);
  expect(inkBoth / inkEither).toBeGreaterThanOrEqual(MIN_AGREEMENT);
  expect(differ / nodeInk.length).toBeLessThanOrEqual(1 - MIN_AGREEMENT);
});

test('onnxruntime-web (WASM, Chromium) and onnxruntime-node find the same sheet in a desk photo', async ({ page, request }) => {
  test.setTimeout(300_000);
  await expectServedAsCommitted(request, 'sheet.onnx', DEFAULT_SHEET_MODEL_PATH);

  const photo = await generateDeskPhoto(PAGE_SEED, { megapixels: PAGE_MEGAPIXELS, desk: 'wood-dark', clutter: [] });
  const { width, height } = photo.image;

  const nodeFinding = await onNode(DEFAULT_SHEET_MODEL_PATH, (run) => findSheetWithModel(run, photo.image));
  const nodeSheet = nodeFinding.sheet;
  expect(nodeSheet, 'onnxruntime-node finds the sheet').not.toBeNull();

  const web = await inApp(page, 'sheetOn', photo.image);
  expect(web, 'the worker has no sheet model').not.toBeNull();
  expect(web!.engine).toContain('sheet');
  expect(web!.corners, 'onnxruntime-web finds the sheet').not.toBeNull();
  const gaps = nodeSheet!.corners.map((c, i) => Math.hypot(c.x - web!.corners![i].x, c.y - web!.corners![i].y));
  console.log(`sheet corners, onnxruntime-web (WASM) vs onnxruntime-node: largest gap ${Math.max(...gaps).toFixed(3)} px of a ${width}×${height} photo`);
  // Both sides run the same quad fitting on nearly the same map: the corners agree to a pixel, and both lie near the true ones.
  for (const gap of gaps) expect(gap).toBeLessThanOrEqual(1);
  // The second answer, what lies on the page, comes through both runtimes alike.
  expect(nodeFinding.cover, 'onnxruntime-node gives the cover map').not.toBeNull();
  expect(web!.cover, 'onnxruntime-web gives the cover map').not.toBeNull();
  const coverGap = nodeFinding.cover!.probability.reduce((most, p, i) => Math.max(most, Math.abs(p - web!.cover![i])), 0);
  expect(coverGap).toBeLessThanOrEqual(0.01);
  for (const [i, corner] of nodeSheet!.corners.entries()) {
    const nearest = Math.min(...photo.sheet.corners.map((t) => Math.hypot(corner.x - t.x, corner.y - t.y)));
    expect(nearest, `corner ${i} near a true one`).toBeLessThan(0.03 * Math.hypot(width, height));
  }
});
