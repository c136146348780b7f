/**
 * Building the photo sets (photoSets.ts). A sheet photo is written as the source's bytes unchanged
 * (`sheetPhotos/<set>/<id>.jpg`, verified against its pin), its corners into the index entry and into
 * `sheetPhotos/<set>/corners.json`; a desk photo into `desks/<id>.jpg`. Pixels stay as stored: a photo
 * whose EXIF orientation asks for a rotation is not built (its corners' frame would be ambiguous).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { stillBuiltEntry, writeBuildStamp } from './buildStamp';
import type { IndexedPage } from './datasetIndex';
import type { InkSetBuilt, InkSetContext } from './buildInkSet';
import { readPinnedFile, sourceIdentity, writeAtomically } from './readPinnedFile';
import { parseCornerFile } from './sheetCorners';
import type { PinnedPage } from './sourcesManifest';

/** Bump when the photo sets' outputs change, so their photos are written again. */
export const PHOTO_CONVERTER = 'photo-1';

export const DESKS_FOLDER = 'desks';

function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : 'jpg';
}

/** Where a photo set's photo goes in the build folder. */
export function photoKey(kind: 'sheetPhotos' | 'deskPhotos', set: string, page: PinnedPage): string {
  const name = `${page.id}.${extensionOf(page.image.path)}`;
  return kind === 'deskPhotos' ? `${DESKS_FOLDER}/${name}` : `sheetPhotos/${set}/${name}`;
}

/** Builds a sheetPhotos or deskPhotos set's photos; what cannot be built goes to `lack` with its reason. */
export async function buildPhotoSet(context: InkSetContext): Promise<InkSetBuilt> {
  const { set, out, stamp, findOnce, lack } = context;
  const kind = set.kind === 'deskPhotos' ? 'deskPhotos' : 'sheetPhotos';
  const built: InkSetBuilt = { pages: [], converted: 0, reused: 0 };
  const repository = await findOnce();
  const unreachable = !repository.gitDir
    ? `repository ${set.repository} not found in ${context.from} (looked for ${repository.looked.join(', ')}, bare or with .git)`
    : !repository.hasCommit
      ? `commit ${set.commit} missing from the copy at ${repository.gitDir} (a clone without that history: fetch it)`
      : null;

  for (const page of set.pages) {
    const key = photoKey(kind, set.name, page);
    const wanted = { imageSource: sourceIdentity(page.image), truthSource: page.truth ? sourceIdentity(page.truth) : '', truthFormat: PHOTO_CONVERTER };
    const earlier = stillBuiltEntry(stamp, out, key, wanted);
    if (earlier) {
      built.pages.push({ ...earlier, split: page.split });
      built.reused++;
      continue;
    }
    if (unreachable) {
      lack(page, page.image, unreachable);
      if (page.truth) lack(page, page.truth, unreachable);
      continue;
    }
    const image = await readPinnedFile(repository.gitDir!, set.commit, page.image);
    if (!('bytes' in image)) {
      lack(page, page.image, image.reason, image.refused);
      continue;
    }
    let entry: IndexedPage;
    try {
      const meta = await sharp(image.bytes).metadata();
      if (!meta.width || !meta.height) throw new Error('no pixel size');
      if (meta.orientation !== undefined && meta.orientation !== 1) throw new Error(`EXIF orientation ${meta.orientation}: the photo is shown rotated, so which frame its corners use is not certain; not built`);
      entry = { id: page.id, split: page.split, image: key, width: meta.width, height: meta.height };
    } catch (error) {
      lack(page, page.image, `cannot decode: ${(error as Error).message}`);
      continue;
    }
    if (kind === 'sheetPhotos') {
      if (!page.truth) continue;
      const truth = await readPinnedFile(repository.gitDir!, set.commit, page.truth);
      if (!('bytes' in truth)) {
        lack(page, page.truth, truth.reason, truth.refused);
        continue;
      }
      try {
        entry.sheetCorners = parseCornerFile(truth.bytes, page.image.path.slice(page.image.path.lastIndexOf('/') + 1));
      } catch (error) {
        lack(page, page.truth, (error as Error).message);
        continue;
      }
    }
    writeAtomically(join(out, key), image.bytes);
    stamp.pages[key] = { ...wanted, width: entry.width, height: entry.height, imageBytes: image.bytes.length, truthBytes: 0, outputs: { [key]: image.bytes.length }, entry };
    writeBuildStamp(out, stamp);
    built.pages.push(entry);
    built.converted++;
  }

  if (kind === 'sheetPhotos' && built.pages.length > 0) {
    const corners = Object.fromEntries(built.pages.map((page) => [page.id, page.sheetCorners]));
    writeAtomically(join(out, 'sheetPhotos', set.name, 'corners.json'), Buffer.from(`${JSON.stringify(corners, null, 1)}\n`));
  }
  return built;
}
