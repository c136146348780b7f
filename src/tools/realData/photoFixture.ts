/**
 * A tiny stand-in for the photo repositories, made on the spot for the tests: one repository holding
 *   photos/sheet_1.jpg … sheet_4.jpg          JPEG "photos" of a light sheet on a dark desk
 *   corners/sheet_<n>.corners.json            {"image", "corners"} as the real source writes them
 *   desks/IMG_0001.JPG, IMG_0002.JPG          desk photos (pinned); desks/web_scrape.jpg (not pinned)
 * sheet_1 and sheet_2 are 48 × 64 (the val session), sheet_3 is 60 × 80 (report) with its corners
 * listed anticlockwise, sheet_4 is 48 × 64 but its EXIF orientation asks for a rotation.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { makeRepository } from './gitFixture';
import { DESK_PHOTOS, SHEET_PHOTOS, SHEET_PHOTO_SPLIT_RULE, type PhotoSetDefinition } from './photoSets';

export const PHOTO_REPOSITORY = 'Fixture/Photos';

/** A dark desk with a light quadrilateral sheet (filled where the pixel centre is inside). */
export async function sheetJpeg(width: number, height: number, corners: number[][], orientation?: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3, 60);
  const inside = (x: number, y: number) =>
    corners.every(([ax, ay], i) => {
      const [bx, by] = corners[(i + 1) % corners.length];
      return (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0;
    });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (inside(x + 0.5, y + 0.5)) rgb.fill(235, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const image = sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

export const FIXTURE_CORNERS: Record<string, number[][]> = {
  sheet_1: [[8, 6], [40, 8], [42, 58], [6, 56]],
  sheet_2: [[10, 4], [44, 12], [38, 60], [4, 52]],
  // Anticlockwise on screen: top left, bottom left, bottom right, top right.
  sheet_3: [[12, 10], [9, 70], [52, 72], [50, 8]],
  sheet_4: [[8, 6], [40, 8], [42, 58], [6, 56]],
};

export interface PhotoFixture {
  gitDir: string;
  workTree: string;
  commit: string;
  sheets: PhotoSetDefinition;
  desks: PhotoSetDefinition;
}

export async function makePhotoFixture(root: string): Promise<PhotoFixture> {
  const files: Record<string, Buffer | string> = { 'README.md': 'fixture\n' };
  const sizes: Record<string, [number, number]> = { sheet_1: [48, 64], sheet_2: [48, 64], sheet_3: [60, 80], sheet_4: [48, 64] };
  for (const [id, corners] of Object.entries(FIXTURE_CORNERS)) {
    const [width, height] = sizes[id];
    // The sheet is drawn with clockwise corners whatever order the corner file lists them in.
    const drawn = id === 'sheet_3' ? [...corners].reverse() : corners;
    files[`photos/${id}.jpg`] = await sheetJpeg(width, height, drawn, id === 'sheet_4' ? 6 : undefined);
    files[`corners/${id}.corners.json`] = `${JSON.stringify({ image: `${id}.jpg`, corners }, null, 2)}`;
  }
  files['desks/IMG_0001.JPG'] = await sheetJpeg(30, 40, [[0, 0], [1, 0], [1, 1], [0, 1]]);
  files['desks/IMG_0002.JPG'] = await sheetJpeg(30, 40, [[0, 0], [1, 0], [1, 1], [0, 1]]);
  files['desks/web_scrape.jpg'] = await sheetJpeg(20, 20, [[0, 0], [1, 0], [1, 1], [0, 1]]);
  const workTree = join(root, 'Fixture+Photos');
  const commit = makeRepository(workTree, files);
  const common = { repository: PHOTO_REPOSITORY, commit, licence: 'none stated: test fixture' };
  const sheets: PhotoSetDefinition = {
    ...common,
    name: 'sheettest',
    title: 'Sheet test',
    kind: SHEET_PHOTOS,
    role: 'split',
    paths: { image: 'photos/{id}.jpg', truth: 'corners/{id}.corners.json' },
    ids: /^sheet_\d+$/,
    valSessions: ['48x64'],
    splitRule: SHEET_PHOTO_SPLIT_RULE,
  };
  const desks: PhotoSetDefinition = { ...common, name: 'desktest', title: 'Desk test', kind: DESK_PHOTOS, role: 'train', paths: { image: 'desks/{id}.JPG' }, ids: /^IMG_\d{4}$/ };
  return { gitDir: join(workTree, '.git'), workTree, commit, sheets, desks };
}
