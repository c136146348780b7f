/**
 * A tiny stand-in for a tablet signature repository, made on the spot for the tests:
 *   signaturedata/enrollment/NNN-g-01.txt   one genuine signature per writer 001…008
 *   signaturedata/verification/NNN-01.txt   one more per writer, said genuine or forged in gt.txt for 001 and 002 only
 *   signaturedata/gt.txt, README.md         (not pinned as trajectories)
 * Writers in id order, every 4th val: 004 and 008 are val, the rest train. Each signature is two
 * strokes (a rising line, then after a lift a short hook), its pressure and size depending on the writer.
 */
import { join } from 'node:path';
import { makeRepository } from './gitFixture';
import type { PenTrajectorySetDefinition } from './penTrajectorySets';
import { TABLET_SIGNATURES } from './penTrajectorySets';

export const TRAJECTORY_WRITERS = ['001', '002', '003', '004', '005', '006', '007', '008'];
export const VAL_WRITERS = ['004', '008'];

/** Lines `t x y pressure penup azimuth inclination`: a stroke, 3 samples in the air, a second stroke. */
export function signatureText(seed: number): string {
  const rows: number[][] = [];
  let t = 0;
  const add = (x: number, y: number, pressure: number, penup: number) => {
    rows.push([t, x, y, pressure, penup, 120, 60]);
    t += 0.01;
  };
  for (let i = 0; i < 12; i++) add(10 + i * (1 + seed * 0.1), 50 + i * 0.5, 200 + i * 60, i === 0 ? 1 : 0);
  add(23, 56, 0, 1);
  add(24, 55, 0, 0);
  add(25, 54, 0, 0);
  for (let i = 0; i < 6; i++) add(26 + i, 52 - i, 500, i === 0 ? 1 : 0);
  return `${rows.map((r) => [r[0].toFixed(4), r[1].toFixed(4), r[2].toFixed(4), ...r.slice(3).map((v) => v.toFixed(6))].join(' ')).join('\n')}\n`;
}

export interface TrajectoryFixture {
  gitDir: string;
  workTree: string;
  commit: string;
  definition: PenTrajectorySetDefinition;
}

export function makeTrajectoryFixture(root: string): TrajectoryFixture {
  const files: Record<string, string> = { 'README.md': 'fixture\n', 'signaturedata/gt.txt': '001-01 g\n002-01 f\n' };
  TRAJECTORY_WRITERS.forEach((writer, i) => {
    files[`signaturedata/enrollment/${writer}-g-01.txt`] = signatureText(i);
    files[`signaturedata/verification/${writer}-01.txt`] = signatureText(i + 10);
  });
  const workTree = join(root, 'Fixture+Trajectories');
  const commit = makeRepository(workTree, files);
  const definition: PenTrajectorySetDefinition = { ...TABLET_SIGNATURES, name: 'trajtest', repository: 'Fixture/Trajectories', commit };
  return { gitDir: join(workTree, '.git'), workTree, commit, definition };
}
