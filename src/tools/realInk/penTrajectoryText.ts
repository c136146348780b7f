/**
 * Reading a tablet signature file (penTrajectories sets): one line per 10 ms sample,
 * `t x y pressure penup azimuth inclination` — t in seconds, x and y in millimetres with y pointing
 * up, pressure 0…1023 (0 = the pen in the air, its position still recorded), penup 1 on a sample
 * where the pen goes down or up, azimuth and inclination in degrees.
 *
 * The pen is on the paper where the pressure is above 0: a run of such samples is one stroke, and
 * the samples in the air between runs (and the lifts they stand for) leave no ink. The penup column
 * is not used to split: in the pinned set it is a toggle that also fires inside continuous pressure
 * (and twice at the start of some files), while pressure 0 marks every lift.
 */
import type { PenTrajectory } from '../../synth/penTrajectory';

export interface TrajectorySample {
  t: number;
  x: number;
  y: number;
  pressure: number;
  penup: number;
}

/** The tablet's full pressure scale (the largest value the pinned files hold). */
export const PRESSURE_FULL_SCALE = 1023;
/** Resolution of the library's coordinates over a signature's longer side. */
export const TRAJECTORY_UNIT = 4095;
export const SAMPLE_PERIOD_MS = 10;

export function parseTrajectoryText(text: string, where = 'trajectory'): TrajectorySample[] {
  const samples: TrajectorySample[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const values = line.trim().split(/\s+/).map(Number);
    if (values.length !== 7 || values.some((value) => !Number.isFinite(value))) throw new Error(`${where}:${i + 1}: not 7 numbers (t x y pressure penup azimuth inclination)`);
    const [t, x, y, pressure, penup] = values;
    samples.push({ t, x, y, pressure, penup });
  }
  return samples;
}

/** The pen-down runs: consecutive samples with pressure above 0. */
export function penDownStrokes(samples: readonly TrajectorySample[]): TrajectorySample[][] {
  const strokes: TrajectorySample[][] = [];
  let current: TrajectorySample[] | null = null;
  for (const sample of samples) {
    if (sample.pressure > 0) {
      if (!current) strokes.push((current = []));
      current.push(sample);
    } else current = null;
  }
  return strokes;
}

const hundredths = (mm: number) => Math.round(mm * 100) / 100;

/**
 * The signature as the library stores it: its pen-down runs in a unit box over the longer side
 * (aspect kept, y flipped to point down the page), pressure as thousandths of the full scale.
 * Null when it has no ink, or no extent (a single dot).
 */
export function toPenTrajectory(samples: readonly TrajectorySample[], about: Pick<PenTrajectory, 'id' | 'set' | 'writer' | 'authenticity'>): PenTrajectory | null {
  const strokes = penDownStrokes(samples);
  const down = strokes.flat();
  if (down.length === 0) return null;
  const xs = down.map((s) => s.x);
  const ys = down.map((s) => s.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const long = Math.max(maxX - minX, maxY - minY);
  if (!(long > 0)) return null;
  const scale = TRAJECTORY_UNIT / long;
  return {
    ...about,
    widthMm: hundredths(Math.max(maxX - minX, long / TRAJECTORY_UNIT)),
    heightMm: hundredths(Math.max(maxY - minY, long / TRAJECTORY_UNIT)),
    strokes: strokes.map((stroke) =>
      stroke.flatMap((s) => [Math.round((s.x - minX) * scale), Math.round((maxY - s.y) * scale), Math.round((Math.min(s.pressure, PRESSURE_FULL_SCALE) * 1000) / PRESSURE_FULL_SCALE)]),
    ),
  };
}
