/**
 * generateDeskPhoto(seed) — a phone photo of the seed's page lying on a desk, with pixel truth.
 *
 * The page is generateDocument's page before capture (renderPage: same layout and inks, at the
 * resolution the sheet takes in the photo), warped into the photo (pose.ts, warp.ts) over a desk
 * (desks.ts), with things on and beside it (clutter.ts), shadows and glare (lighting.ts), then the
 * ordinary capture (degrade.ts: light gradient, cast, noise, blur, JPEG) over the whole photo.
 * The truth is the page's ink coverage warped the same way as the image, hidden where an object
 * covers it, and 0 on the desk. Everything random comes from the seed through streams of its own, so
 * the flat page of the same seed is unchanged.
 */
import type { SheetOutline } from '../../core/shared/types';
import { groundTruth, LAYERS } from '../compose';
import { capturePage, encodeCapture } from '../degrade';
import { renderPage, type DocumentMeta, type SynthDocument } from '../generate';
import type { Rgb } from '../inks';
import { createRandom } from '../random';
import { drawClutterItems, placeHands, renderClutter, type ClutterItem, type ClutterKind } from './clutter';
import { drawDeskKind, paintDesk, type DeskKind } from './desks';
import { polygonArea } from '../../core/shared/polygon';
import { loadDeskImage } from './realDesks';
import { overexpose, paintHeldSurroundings } from './surroundings';
import { choosePhotoCapture, drawSceneLight, handShadowField, sheetShadowField, type SceneLight } from './lighting';
import { drawCoverage, frameSize, poseSheet, type FrameCut, type SheetPose } from './pose';
import { drawCurl, warpPage, type Curl } from './warp';

/** Salt of the desk's own random stream: the page's streams (generate.ts) stay as they are. */
const DESK_SALT = 35;

export interface DeskPhotoOptions {
  /** Photo size in megapixels (default 2; 12 works). */
  megapixels?: number;
  /** Force a desk, a frame cut, the objects or the curl (tests); drawn from the seed otherwise. */
  desk?: DeskKind;
  cut?: FrameCut;
  clutter?: ClutterKind[];
  curl?: boolean;
  /** A folder of real desk photos to use instead of the procedural desks (never committed: see REAL-DATA.md). */
  deskImages?: string;
  /**
   * The sheet held up in a hand in front of a room or the outdoors (surroundings.ts), often brighter
   * than the paper, instead of lying on a desk; with `deskImages`, two scenes in five are one of those
   * photos overexposed. For the sheet finder's training: the evaluation splits stay desk photos.
   */
  held?: boolean;
}

export interface DeskMeta {
  /** 'photo' when the desk is one of the `deskImages` (overexposed when held), 'room' behind a held sheet. */
  kind: DeskKind | 'photo' | 'room';
  held: boolean;
  /** The desk photo's file name, for a real desk. */
  deskImage: string | null;
  /** The page as rendered before it was warped (pixels). */
  page: { width: number; height: number };
  pose: Omit<SheetPose, 'corners'>;
  curl: Curl | null;
  clutter: ClutterItem[];
  light: SceneLight;
}

export interface DeskPhoto extends SynthDocument {
  /** The sheet's corners in the photo (clockwise from the page's top-left; may lie outside the frame). */
  sheet: SheetOutline;
  /** 255 on the sheet, 0 on the desk (full resolution; objects on the sheet do not change it). */
  sheetMask: Uint8Array;
  /** How much of each pixel the things on and beside the sheet cover (0–255; their alpha). */
  objectCover: Uint8Array;
  /** How much the things' cast shadows darken each pixel (0–1; 0 where none falls): truth for evaluation, never ink. */
  objectShadow: Float32Array;
  /** meta.width/height are the photo's; the page's placed marks stay in page units of meta.desk.page. */
  meta: DocumentMeta & { desk: DeskMeta };
}

export async function generateDeskPhoto(seed: number, options: DeskPhotoOptions = {}): Promise<DeskPhoto> {
  const t0 = performance.now();
  const random = createRandom(seed, DESK_SALT);
  const frameRandom = random.fork(1);
  const deskRandom = random.fork(2);
  const clutterRandom = random.fork(3);
  const lightRandom = random.fork(4);
  const captureRandom = random.fork(5);
  const frameMegapixels = options.megapixels ?? 2;
  const frame = frameSize(frameMegapixels, frameRandom);
  const coverage = drawCoverage(frameRandom);
  const cutDraw = frameRandom.next();
  const cut: FrameCut = options.cut ?? (cutDraw < 0.7 ? 'none' : cutDraw < 0.87 ? 'corner' : 'side');
  // The page at about the resolution its sheet takes in the photo.
  const pageMegapixels = Math.min(14, Math.max(0.15, coverage * frameMegapixels * 1.15));
  const page = renderPage(seed, { megapixels: pageMegapixels });
  const pose = poseSheet(frameRandom, page, frame, coverage, cut);
  const curlDraw = drawCurl(frameRandom, page);
  const curl = options.curl === false ? null : options.curl === true ? (curlDraw ?? { edge: 'right', band: page.width * 0.08, from: 0.2, to: 0.9, shade: -0.1 }) : curlDraw;
  const t1 = performance.now();

  const sheet = warpPage(page, pose.corners, curl, frame);
  const { width, height } = frame;
  const n = width * height;
  const held = options.held === true;
  const realDesk = options.deskImages && (!held || deskRandom.chance(0.4)) ? await loadDeskImage(options.deskImages, deskRandom, width, height) : null;
  const kind = realDesk ? 'photo' : held ? 'room' : (options.desk ?? drawDeskKind(deskRandom));
  const scene = held
    ? realDesk
      ? overexpose(realDesk.pixels, deskRandom)
      : paintHeldSurroundings(width, height, deskRandom)
    : realDesk
      ? realDesk.pixels
      : paintDesk(kind as DeskKind, width, height, deskRandom, paperTone(page.paper, page.width));
  // A sheet held up is turned away from the light more often than one lying on a desk: greyer than what is behind it.
  const sheetGain = held ? deskRandom.range(0.62, 1) : 1;
  const sheetSide = Math.sqrt(polygonArea(sheet.corners) / Math.SQRT2);
  const items = held
    ? placeHands(clutterRandom, sheet.corners, clutterRandom.chance(0.15) ? 0 : clutterRandom.chance(0.75) ? 1 : 2)
    : options.clutter
      ? drawClutterItems(clutterRandom, frame, sheet.corners, options.clutter)
      : drawClutterItems(clutterRandom, frame, sheet.corners);
  const clutter = renderClutter(items, frame, sheetSide, clutterRandom);
  const centre = { x: sheet.corners.reduce((s, p) => s + p.x, 0) / 4, y: sheet.corners.reduce((s, p) => s + p.y, 0) / 4 };
  const light = drawSceneLight(lightRandom, frame, centre);
  const sheetShadow = light.sheetShadow ? sheetShadowField(sheet.mask, width, height, light.sheetShadow) : null;
  const handShadow = light.handShadow ? handShadowField(lightRandom, width, height, light.handShadow) : null;

  const objects = clutter.objects;
  const glare = light.glare;
  const glareScale = glare ? 1 / (2 * glare.sigma * glare.sigma) : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let shade = 1 - clutter.shadow[i];
      if (sheetShadow) shade *= 1 - sheetShadow[i];
      const cover = objects[i * 4 + 3] / 255;
      const onSheet = sheet.cover[i] / 255;
      const dim = handShadow ? 1 - handShadow[i] : 1;
      const shine = glare ? glare.strength * Math.exp(-((x - glare.x) ** 2 + (y - glare.y) ** 2) * glareScale) : 0;
      for (let ch = 0; ch < 3; ch++) {
        const below = (sheet.colour[i * 3 + ch] * sheetGain * onSheet + scene[i * 3 + ch] * (1 - onSheet)) * shade;
        const seen = (below * (1 - cover) + objects[i * 4 + ch] * cover) * dim;
        scene[i * 3 + ch] = seen + (252 - seen) * shine;
      }
    }
  }
  // Ink an object covers is not visible ink: the coverage under it fades with its alpha.
  for (const layer of LAYERS) {
    const c = sheet.coverage[layer];
    for (let i = 0; i < n; i++) if (c[i] && objects[i * 4 + 3]) c[i] = Math.round(c[i] * (1 - objects[i * 4 + 3] / 255));
  }
  const truth = groundTruth(sheet.coverage);
  const t2 = performance.now();

  const capture = choosePhotoCapture(captureRandom, width / 1000);
  const rgba = capturePage(scene, width, height, capture, captureRandom);
  const t3 = performance.now();
  const { encoded, image } = await encodeCapture(rgba, width, height, capture);
  const t4 = performance.now();
  const { corners: _corners, ...poseMeta } = pose;
  return {
    image,
    encoded,
    truth,
    sheet: { corners: sheet.corners },
    sheetMask: sheet.mask,
    objectCover: objectAlpha(objects, n),
    objectShadow: clutter.shadow,
    meta: {
      ...page.meta,
      width,
      height,
      capture,
      timings: { page: t1 - t0, scene: t2 - t1, capture: t3 - t2, encode: t4 - t3, total: t4 - t0 },
      desk: { kind, held, deskImage: realDesk?.file ?? null, page: { width: page.width, height: page.height }, pose: poseMeta, curl, clutter: clutter.items, light },
    },
  };
}

function objectAlpha(objects: Uint8ClampedArray | Uint8Array, n: number): Uint8Array {
  const alpha = new Uint8Array(n);
  for (let i = 0; i < n; i++) alpha[i] = objects[i * 4 + 3];
  return alpha;
}

/** The paper's colour: the mean of a patch in the page's top-left margin, where no ink is drawn. */
function paperTone(paper: Float32Array, width: number): Rgb {
  const sum: Rgb = [0, 0, 0];
  const size = Math.max(2, Math.round(width / 100));
  for (let y = 2; y < 2 + size; y++) {
    for (let x = 2; x < 2 + size; x++) for (let ch = 0; ch < 3; ch++) sum[ch] += paper[(y * width + x) * 3 + ch];
  }
  return sum.map((v) => v / (size * size)) as Rgb;
}

