/**
 * Renders a synthetic split to disk.
 *
 *   tsx src/synth/render.ts --split train|val|test --count N --out DIR [--start I] [--megapixels X] [--real-ink DIR]
 *                           [--photos [--desk-images DIR] [--held]] [--bitonal] [--scan-borders] [--margin-print]
 *
 * Case i (file stem NNNN = i, zero-padded to 4+ digits) is the document of seed
 * SPLIT_BASE[split] + i (see splits.ts: train 0.., val 1e6.., test 2e6..). Per case:
 *   NNNN.jpg | NNNN.png   the degraded page (photo/scan), as an ordinary 3-channel image
 *   NNNN.all.png          8-bit grey: ink coverage of printed text, form lines, handwriting, stamps (noise excluded)
 *   NNNN.signature.png    8-bit grey: the handwriting (signature) layer's coverage
 *   NNNN.stamp.png        8-bit grey: the stamp's coverage (after ink dropouts)
 *   NNNN.classes.png      8-bit grey: InkClass id per pixel (paper 0, printed 1, formLine 2,
 *                         handwriting 3, stamp 4, noise 5) — the strongest layer where it covers ≥ 32/255
 *   manifest.json         { split, seeds, megapixels, cases: [{ id, seed, image, width, height, kind, ... }] }
 * `--real-ink DIR` (train split only): half of the signatures and stamps are real ink from DIR
 * (src/synth/realInk.ts), so the class model learns from real ink; the val and test splits stay drawn.
 * DIR is the `npm run data:real-ink` output (or its `cutouts` folder): cut-outs from cutouts/index.json,
 * and real pen trajectories from trajectories.json when present (penTrajectory.ts), replayed for a
 * third of the signatures (half when there are no signature cut-outs).
 * `--photos`: each case is instead a phone photo of the seed's page on a desk (desk/scene.ts, 2 MP unless
 * --megapixels), plus NNNN.sheet.png (255 on the sheet), NNNN.objects.png (how much of each pixel the
 * things on and beside the sheet cover: phones, pens, hands; 0–255) and, in the manifest, the sheet's corners
 * (clockwise from the page's top-left, in the photo's pixels) and the scene (desk, pose, clutter, light);
 * `--desk-images DIR` takes the desks from real photos in DIR; `--held`: the sheet is held up in a hand in
 * front of a room or the outdoors instead (desk/surroundings.ts; for the sheet finder's training).
 * `--bitonal`: every page a bitonal scan or fax (black and white, thresholded), as office letters arrive
 * (for the class model's training: its signatures and stamps are then both black line art).
 * `--scan-borders`: dark bands along one to three edges, as a scanner's lid leaves them (class noise).
 * `--margin-print`: one or two lines of print turned up or down a side margin (Bates numbers, form
 *   references; class printed).
 * Default size: test pages 2 MP (the eval's size); train/val pages drawn per seed (mostly 1–3.5 MP,
 * one in ten up to 12 MP).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDeskPhoto } from './desk/scene';
import { generateDocument, type SynthDocument } from './generate';
import { grayPng } from './maps';
import { loadRealInkLibrary } from './realInk';
import { isSplit, splitSeed, type Split } from './splits';

export const DEFAULT_MEGAPIXELS: Readonly<Record<Split, number | undefined>> = { train: undefined, val: undefined, test: 2 };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const split = arg('split') ?? 'train';
  if (!isSplit(split)) throw new Error(`--split must be train, val or test (got ${split})`);
  const count = Number(arg('count') ?? '10');
  const start = Number(arg('start') ?? '0');
  const out = arg('out');
  if (!out) throw new Error('missing --out DIR');
  const mpArg = arg('megapixels');
  const megapixels = mpArg !== undefined ? Number(mpArg) : DEFAULT_MEGAPIXELS[split];
  if (!(count > 0) || !Number.isInteger(count)) throw new Error('--count must be a positive integer');
  const realInkDir = arg('real-ink');
  if (realInkDir && split !== 'train') throw new Error('--real-ink is for the train split only: val and test pages stay comparable across models');
  const realInk = realInkDir ? await loadRealInkLibrary(realInkDir) : undefined;
  const photos = process.argv.includes('--photos');
  if (photos && realInkDir) throw new Error('--real-ink is for flat training pages; --photos renders drawn ink');
  const deskImages = arg('desk-images');
  const held = process.argv.includes('--held');
  if (held && !photos) throw new Error('--held is a kind of photo: give --photos too');
  const bitonal = process.argv.includes('--bitonal');
  if (bitonal && photos) throw new Error('--bitonal is a kind of scan, not of photo');
  const scanBorders = process.argv.includes('--scan-borders');
  if (scanBorders && photos) throw new Error('--scan-borders are a scan\'s, not a photo\'s');
  const marginPrint = process.argv.includes('--margin-print');
  if (marginPrint && photos) throw new Error('--margin-print is for flat training pages');
  mkdirSync(out, { recursive: true });
  const digits = Math.max(4, String(start + count - 1).length);
  const cases: unknown[] = [];
  const started = performance.now();
  for (let i = start; i < start + count; i++) {
    const seed = splitSeed(split, i);
    const photo = photos ? await generateDeskPhoto(seed, { megapixels: megapixels ?? 2, deskImages, held }) : null;
    const doc: SynthDocument = photo ?? (await generateDocument(seed, { megapixels, realInk, bitonal, scanBorders, marginPrint }));
    const { width, height } = doc.meta;
    const id = String(i).padStart(digits, '0');
    const image = `${id}.${doc.meta.capture.format === 'jpeg' ? 'jpg' : 'png'}`;
    const [all, signature, stamp, classes] = await Promise.all([
      grayPng(doc.truth.all, width, height),
      grayPng(doc.truth.signature, width, height),
      grayPng(doc.truth.stamp, width, height),
      grayPng(doc.truth.classes, width, height),
    ]);
    writeFileSync(path.join(out, image), doc.encoded);
    writeFileSync(path.join(out, `${id}.all.png`), all);
    writeFileSync(path.join(out, `${id}.signature.png`), signature);
    writeFileSync(path.join(out, `${id}.stamp.png`), stamp);
    writeFileSync(path.join(out, `${id}.classes.png`), classes);
    if (photo) {
      writeFileSync(path.join(out, `${id}.sheet.png`), await grayPng(photo.sheetMask, width, height));
      writeFileSync(path.join(out, `${id}.objects.png`), await grayPng(photo.objectCover, width, height));
    }
    const { timings: _timings, ...meta } = doc.meta;
    cases.push({ id, image, ...meta, ...(photo ? { sheet: photo.sheet } : {}) });
    const done = i - start + 1;
    if (done % 25 === 0 || done === count) console.log(`render: ${split} ${done}/${count} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  const manifest = {
    generator: photos ? 'src/synth/desk' : 'src/synth',
    split,
    seeds: { first: splitSeed(split, start), last: splitSeed(split, start + count - 1) },
    megapixels: megapixels ?? 'per seed (1–12)',
    realInk: realInkDir ?? null,
    classes: { paper: 0, printed: 1, formLine: 2, handwriting: 3, stamp: 4, noise: 5 },
    cases,
  };
  writeFileSync(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 1));
  console.log(`render: ${count} ${split} ${photos ? 'desk photos' : 'documents'} → ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/synth/render.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
