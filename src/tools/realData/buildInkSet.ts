/**
 * Building a real ink set's pages (kind inkClasses: StaVer + StaVerGt; kind signatureBoxes:
 * Tobacco800 with its boxes file, and pages of signatures only, each page its own box): each page's image as 8-bit RGB PNG and whatever truth it has, written beside it, and
 * an index entry saying which truths those are. Every file is verified against its pin; reserved
 * pages are refused before a byte is read; what cannot be built is listed with its reason. A page
 * whose label map cannot be used is still built with its stamp-ink map (the label map is listed).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { readPinnedFile, sourceIdentity, writeAtomically } from './readPinnedFile';
import { stillBuiltEntry, writeBuildStamp, type BuildStamp } from './buildStamp';
import { decodeSource, imageToRgbPng, inkMask, sourceSize } from './convertPage';
import { STAVERGT_LABELS, type IndexedPage, type PixelBox } from './datasetIndex';
import type { FoundRepository } from './findRepository';
import { allInkMask, fitLabelMap, labelMask, signatureBoxes } from './labelMaps';
import { reservedReason } from './reservedSets';
import type { PinnedFile, PinnedPage, PinnedSet } from './sourcesManifest';

/** Bump when an ink set's outputs change, so its pages are converted again. */
export const INK_CONVERTER = 'ink-1';

export interface InkSetContext {
  set: PinnedSet;
  from: string;
  out: string;
  stamp: BuildStamp;
  findOnce: (repository?: string, commit?: string) => Promise<FoundRepository>;
  lack: (page: PinnedPage, file: PinnedFile, reason: string, isRefused?: boolean) => void;
}

export interface InkSetBuilt {
  pages: IndexedPage[];
  converted: number;
  reused: number;
}

function greyPng(data: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 1 } }).toColourspace('b-w').png({ compressionLevel: 6 }).toBuffer();
}

const hasInk = (mask: Uint8Array): boolean => mask.some((value) => value !== 0);

/** The boxes of a page from the set's boxes file (`{ "<id>.tif": [xmin, ymin, xmax, ymax] }`), clipped to the page. */
export function boxesOf(boxes: Record<string, unknown>, id: string, width: number, height: number): PixelBox[] {
  const entry = boxes[`${id}.tif`];
  if (entry === undefined) return [];
  if (!Array.isArray(entry) || entry.length !== 4 || !entry.every((v) => Number.isFinite(v))) throw new Error(`box of ${id} is not [xmin, ymin, xmax, ymax]`);
  const [x0, y0, x1, y1] = entry as number[];
  const box: PixelBox = [Math.max(0, Math.round(x0)), Math.max(0, Math.round(y0)), Math.min(width, Math.round(x1)), Math.min(height, Math.round(y1))];
  if (box[2] <= box[0] || box[3] <= box[1]) throw new Error(`box of ${id} (${entry.join(', ')}) is empty on a ${width} × ${height} page`);
  return [box];
}

export async function buildInkSet(context: InkSetContext): Promise<InkSetBuilt> {
  const { set, out, stamp, findOnce, lack } = context;
  const built: InkSetBuilt = { pages: [], converted: 0, reused: 0 };
  const main = await findOnce();
  const labelRepository = set.labelSource ? await findOnce(set.labelSource.repository, set.labelSource.commit) : null;

  const whyUnreachable = (found: FoundRepository | null, repository: string, commit: string): string | null => {
    if (!found?.gitDir) return `repository ${repository} not found in ${context.from} (looked for ${found?.looked.join(', ') ?? '?'}, bare or with .git)`;
    if (!found.hasCommit) return `commit ${commit} missing from the copy at ${found.gitDir} (a clone without that history: fetch it)`;
    return null;
  };
  const mainProblem = whyUnreachable(main, set.repository, set.commit);
  const labelProblem = set.labelSource ? whyUnreachable(labelRepository, set.labelSource.repository, set.labelSource.commit) : null;

  let boxes: Record<string, unknown> | null = null;
  if (set.kind === 'signatureBoxes' && !set.pageIsBox) {
    if (!set.boxes) throw new Error(`${set.name}: no boxes file pinned`);
    const read = mainProblem ? { reason: mainProblem } : await readPinnedFile(main.gitDir!, set.commit, set.boxes);
    if (!('bytes' in read)) {
      for (const page of set.pages) lack(page, set.boxes, `boxes file: ${read.reason}`, read.refused);
      return built;
    }
    boxes = JSON.parse(read.bytes.toString('utf8')) as Record<string, unknown>;
  }
  const boxesIdentity = set.boxes ? sourceIdentity(set.boxes) : '';

  for (const page of set.pages) {
    const reserved = [page.id, page.image.path, page.truth?.path, page.labels?.path].map((path) => (path ? reservedReason(path) : null)).find(Boolean);
    if (reserved) {
      lack(page, page.image, `reserved (${reserved}): never built; refused`, true);
      continue;
    }
    const base = `${set.kind}/${set.name}/${page.id}`;
    const wanted = {
      imageSource: sourceIdentity(page.image),
      truthSource: [page.truth && sourceIdentity(page.truth), page.labels && sourceIdentity(page.labels), boxesIdentity, page.hasSignature].join('|'),
      truthFormat: `${set.kind}:${INK_CONVERTER}`,
    };
    const earlier = stillBuiltEntry(stamp, out, `${base}.png`, wanted);
    if (earlier) {
      built.pages.push({ ...earlier, split: page.split });
      built.reused++;
      continue;
    }
    if (mainProblem) {
      lack(page, page.image, mainProblem);
      continue;
    }
    const gitDir = main.gitDir!;
    const image = await readPinnedFile(gitDir, set.commit, page.image);
    if (!('bytes' in image)) {
      lack(page, page.image, image.reason, image.refused);
      continue;
    }
    let converted;
    try {
      converted = await imageToRgbPng(image.bytes);
    } catch (error) {
      lack(page, page.image, `cannot decode: ${(error as Error).message}`);
      continue;
    }
    const { width, height } = converted;
    const entry: IndexedPage = { id: page.id, split: page.split, image: `${base}.png`, width, height };
    const files: Record<string, Buffer> = { [entry.image]: converted.png };

    if (page.truth) {
      const truth = await readPinnedFile(gitDir, set.commit, page.truth);
      if (!('bytes' in truth)) lack(page, page.truth, truth.reason, truth.refused);
      else {
        const size = await sourceSize(truth.bytes);
        if (size.width !== width || size.height !== height) lack(page, page.truth, `image is ${width} × ${height} but the stamp-ink map ${size.width} × ${size.height}: left out`);
        else {
          const stampInk = inkMask((await decodeSource(truth.bytes, 1)).data);
          entry.stampInk = `${base}.stamp.png`;
          entry.hasStamp = hasInk(stampInk);
          files[entry.stampInk] = await greyPng(stampInk, width, height);
        }
      }
    }
    if (page.labels && set.labelSource) {
      const read = labelProblem ? { reason: labelProblem } : await readPinnedFile(labelRepository!.gitDir!, set.labelSource.commit, page.labels);
      if (!('bytes' in read)) lack(page, page.labels, read.reason, read.refused);
      else {
        try {
          const grey = await decodeSource(read.bytes, 1);
          const labels = fitLabelMap({ width: grey.width, height: grey.height, data: grey.data }, width, height);
          const signature = labelMask(labels, [STAVERGT_LABELS.signature]);
          entry.truth = `${base}.truth.png`;
          entry.labels = `${base}.labels.png`;
          files[entry.truth] = await greyPng(allInkMask(labels), width, height);
          files[entry.labels] = await greyPng(labels.data, width, height);
          entry.hasSignature = hasInk(signature);
          entry.signatureBoxes = signatureBoxes(signature, width, height);
          entry.signatureBoxesComplete = true;
          if (entry.hasSignature) {
            entry.signatureInk = `${base}.signature.png`;
            files[entry.signatureInk] = await greyPng(signature, width, height);
          }
        } catch (error) {
          lack(page, page.labels, `${(error as Error).message}: label map left out`);
        }
      }
    }
    if (boxes) {
      try {
        entry.signatureBoxes = boxesOf(boxes, page.id, width, height);
      } catch (error) {
        lack(page, set.boxes!, (error as Error).message);
        continue;
      }
      entry.signatureBoxesComplete = set.boxesComplete === true;
      entry.hasSignature = page.hasSignature;
    }
    if (set.pageIsBox) {
      entry.signatureBoxes = [[0, 0, width, height]];
      entry.signatureBoxesComplete = true;
      entry.hasSignature = true;
    }
    if (!entry.stampInk && !entry.labels && !boxes && !set.pageIsBox) continue; // no truth could be built: listed above

    const outputs: Record<string, number> = {};
    for (const [path, bytes] of Object.entries(files)) {
      writeAtomically(join(out, path), bytes);
      outputs[path] = bytes.length;
    }
    stamp.pages[entry.image] = { ...wanted, width, height, imageBytes: converted.png.length, truthBytes: 0, outputs, entry };
    writeBuildStamp(out, stamp);
    built.pages.push(entry);
    built.converted++;
  }
  return built;
}
