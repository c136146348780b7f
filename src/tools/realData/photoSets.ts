/**
 * Real photos for the sheet work (issue #35): set kind `sheetPhotos` = phone photos of a paper sheet
 * with the sheet's four corners as truth (scored by `npm run eval -- --real --task sheet`), and kind
 * `deskPhotos` = photos of desks and floors without paper (backgrounds for generated photos). Pinned
 * file by file like every other set (pinPhotoSets.ts), built by buildPhotoSets.ts.
 *
 * A sheet photo's split goes by its capture session, told by the photo's stored pixel size (one
 * camera setting per session): the sessions named in `valSessions` are `val`, every other is
 * `report` (held out for figures, never chosen on). No sheet photo is for training.
 */
import type { PageSplit } from './datasetIndex';
import type { PinnedSet } from './sourcesManifest';

export const SHEET_PHOTOS = 'sheetPhotos';
export const DESK_PHOTOS = 'deskPhotos';
export type PhotoKind = typeof SHEET_PHOTOS | typeof DESK_PHOTOS;

/** A photo set before its files are pinned. */
export interface PhotoSetDefinition extends Omit<PinnedSet, 'pages' | 'kind' | 'paths'> {
  kind: PhotoKind;
  /** `{id}` stands for a photo's id; sheet photos have their corner file as `truth`. */
  paths: { image: string; truth?: string };
  /** Which ids of those paths belong to the set. */
  ids: RegExp;
  /** sheetPhotos: the capture sessions (`<width>x<height>` as stored) whose photos are `val`. */
  valSessions?: string[];
  /** Every photo shows printed matter only (no handwriting, no stamp): whatever `extract=signature|stamp` keeps is a false positive. */
  printedPagesOnly?: boolean;
}

export const SHEET_PHOTO_SPLIT_RULE =
  'by capture session, told by the stored pixel size (one phone setting per session): the sessions in valSessions are val, every other session report; ' +
  'no sheet photo is for training';

export const SCANNER_TEST_PHOTOS: PhotoSetDefinition = {
  name: 'scannertest',
  title: 'document_scanner scanner_test',
  kind: SHEET_PHOTOS,
  role: 'split',
  repository: 'marcosmartinezud/document_scanner',
  commit: '44494052c507e59b3eb130a3d3d895672985a14a',
  licence: 'none stated (no licence file; the README does not say who took the photos): research use only, not redistributed',
  paths: { image: 'data/raw/scanner_test/{id}.jpg', truth: 'data/ground_truth/scanner_test/{id}.corners.json' },
  ids: /^scanner_test_\d+$/,
  valSessions: ['1536x2048'],
  splitRule: SHEET_PHOTO_SPLIT_RULE,
  printedPagesOnly: true,
  notes: [
    '64 phone photos (JPEG, 923 × 1221 to 3463 × 4117; EXIF orientation 1 or none) of one printed page each, mostly papers in English and Japanese: on desks, floors, chairs, benches, plants, held in a hand; some folded, creased or bent.',
    'Truth: data/ground_truth/scanner_test/<id>.corners.json, {"image", "corners": four [x, y] in the photo\'s pixels, top left, top right, bottom right, bottom left}. ' +
      'The repository made them with its own scripts/generate_precise_gt.py (Hough lines on the page edges; its docstring says it "simulates that we have the exact edges") and drew each on the photo to check it (data/ground_truth/scanner_test_debug); ' +
      'they are not hand-clicked. Every one of the 64 was checked by eye here (outline drawn on the photo): each quadrilateral lies on the sheet\'s edges and corners. ' +
      'On bent or folded sheets (e.g. scanner_test_25, 32, 43, 47, 57, 64) the edges curve between the corners, so the quadrilateral is an approximation there.',
    'Sessions by stored size: 1536 × 2048 (28 photos, sheets mostly held in a hand over plants, benches and floors) val; 3024 × 4032, 3072 × 4096 and the odd sizes (36 photos, mostly flat on tables, several folded) report.',
    'The origin of the photos is not stated. Checked not to be reserved evaluation material: no SmartDoc 2015 frame (those are 1920 × 1080 video frames; every photo here is a 3 : 4 portrait), ' +
      'none of DocTr-Plus\'s three distorted samples nor of OpenCV-Document-Scanner\'s eight sample images (compared by eye and by 16 × 16 grey thumbnails; sizes differ too).',
    'Seven of the photos are also in data/raw/ocr_test (same blobs); only scanner_test is pinned.',
    'Printed pages only (printedPagesOnly): the 28 val photos were looked at for handwriting and stamps (2026-11-27): none; the report photos were seen when their outlines were checked, not for this. `npm run eval -- --real --task signature|stamp` counts what is kept on them as false positives.',
  ],
};

export const FENGJIAN_DESKS: PhotoSetDefinition = {
  name: 'hedtutorialdesks',
  title: 'hed-tutorial desks',
  kind: DESK_PHOTOS,
  role: 'train',
  repository: 'fengjian0106/hed-tutorial-for-document-scanning',
  commit: '7e168f4e1230e691ef51df34fb807c8d55e61148',
  licence: 'none stated (no licence file): research use only, not redistributed',
  paths: { image: 'sample_images/background_images/{id}.JPG' },
  ids: /^IMG_\d{4}$/,
  notes: [
    'The 71 IMG_<n>.JPG files of sample_images/background_images: real phone photos (600 × 800) of desks, floors and office surfaces without paper. ' +
      'The other files of that folder are scraped web images of unknown origin: never pinned.',
  ],
};

export const PHOTO_SET_DEFINITIONS: readonly PhotoSetDefinition[] = [SCANNER_TEST_PHOTOS, FENGJIAN_DESKS];

/** A photo's capture session as the split reads it: its stored pixel size. */
export const sessionOf = (width: number, height: number): string => `${width}x${height}`;

export function sheetPhotoSplit(session: string, valSessions: readonly string[]): PageSplit {
  return valSessions.includes(session) ? 'val' : 'report';
}

/** The manifest checker's part for these kinds. */
export function checkPhotoSet(set: PinnedSet, fail: (where: string, what: string) => never): void {
  if (set.kind === DESK_PHOTOS) {
    if (set.role !== 'train') fail(set.name, 'a deskPhotos set is for training only (role "train")');
    for (const page of set.pages) if (page.truth) fail(`${set.name}/${page.id}`, 'a desk photo has no truth');
    return;
  }
  if (set.role !== 'split') fail(set.name, 'a sheetPhotos set is split by capture session (role "split")');
  if (!Array.isArray(set.valSessions)) fail(set.name, 'a sheetPhotos set without its valSessions');
  for (const page of set.pages) {
    const where = `${set.name}/${page.id}`;
    if (!page.truth) fail(where, 'a sheet photo without its corners');
    if (!/^\d+x\d+$/.test(page.session ?? '')) fail(where, `session "${page.session}" is not <width>x<height>`);
    if (page.split !== sheetPhotoSplit(page.session!, set.valSessions!)) fail(where, `split "${page.split}" is not its session's (${sheetPhotoSplit(page.session!, set.valSessions!)})`);
  }
}
