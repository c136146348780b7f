import type { RgbaImage } from '../../shared/types';
import { clearDarkJoined, darkJoinedBeyond, isDark } from './darkJoined';
import { EDGE_REACH } from './sheetEdge';

/**
 * A dark run along the frame's border at least this share of its mean side long is desk or a scanner's
 * border, not ink the frame cut: writing cut by the frame meets it in short pieces (a letter's width,
 * a line's height), a desk strip along its length.
 */
export const MIN_FRAME_RUN = 0.2;

/**
 * …and it is a strip only where what is dark and joined to it ends within the reach (EDGE_REACH of the
 * long side): a band that runs on into the page (a letterhead's colour printed to the edge, a dark
 * photo) is the page's. Share of the run's length that may still be dark beyond the reach (ink that
 * touches the strip).
 */
const MAX_BEYOND = 0.1;

/** The frame's border as one loop, clockwise from the top-left corner, each pixel once. */
function frameLoop(width: number, height: number): number[] {
  const loop: number[] = [];
  for (let x = 0; x < width; x++) loop.push(x);
  for (let y = 1; y < height; y++) loop.push(y * width + width - 1);
  if (height > 1) for (let x = width - 2; x >= 0; x--) loop.push((height - 1) * width + x);
  if (width > 1) for (let y = height - 2; y > 0; y--) loop.push(y * width);
  return loop;
}

/**
 * The runs of dark pixels along the frame's border (one loop, so a strip that turns a corner is one
 * run) at least MIN_FRAME_RUN of the frame's mean side long.
 */
export function longDarkFrameRuns(image: RgbaImage): number[][] {
  const loop = frameLoop(image.width, image.height);
  const least = Math.max(2, Math.ceil((MIN_FRAME_RUN * (image.width + image.height)) / 2));
  const firstLight = loop.findIndex((p) => !isDark(image.data, p));
  if (firstLight < 0) return [loop];
  const runs: number[][] = [];
  let run: number[] = [];
  for (let i = 1; i <= loop.length; i++) {
    const p = loop[(firstLight + i) % loop.length];
    if (i < loop.length && isDark(image.data, p)) {
      run.push(p);
      continue;
    }
    if (run.length >= least) runs.push(run);
    run = [];
  }
  return runs;
}

/**
 * On a page that fills the frame (no sheet to cut along, or a sheet that runs out of it) a thin
 * strip of desk or a scanner's dark border along the frame's edge would come back as a line of ink
 * and raise the page's ink strength (so that its real ink came back paler). A long dark run along a
 * side whose dark, joined pixels end within EDGE_REACH of the long side is cleared with them; returns
 * how many pixels. Ink cut by the frame (short runs) and bands that go on into the page stay.
 */
export function clearDeskAtFrameEdge(image: RgbaImage): number {
  const reach = Math.max(1, Math.round(EDGE_REACH * Math.max(image.width, image.height)));
  let cleared = 0;
  for (const run of longDarkFrameRuns(image)) {
    if (darkJoinedBeyond(image, run, reach) > MAX_BEYOND * run.length) continue;
    cleared += clearDarkJoined(image, run, reach, true);
  }
  return cleared;
}
