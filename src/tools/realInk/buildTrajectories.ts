/**
 * The generator's pen trajectory library (`<out>/trajectories.json`, src/synth/penTrajectory.ts):
 * every signature of the TRAIN writers of the pinned penTrajectories sets, read from the repository
 * copies, verified against its pin, as pen-down strokes in a unit box. Val writers' files are never
 * read. Part of `npm run data:real-ink`.
 */
import path from 'node:path';
import { TRAJECTORY_FORMAT, TRAJECTORY_LIBRARY_FILE, type PenTrajectory, type PenTrajectoryLibraryFile } from '../../synth/penTrajectory';
import { findRepository } from '../realData/findRepository';
import { readPinnedFile, writeAtomically } from '../realData/readPinnedFile';
import { reservedReason } from '../realData/reservedSets';
import type { SourcesManifest } from '../realData/sourcesManifest';
import { parseTrajectoryText, SAMPLE_PERIOD_MS, toPenTrajectory, TRAJECTORY_UNIT } from './penTrajectoryText';

export interface TrajectoryBuild {
  /** Null when the manifest pins no penTrajectories set (nothing written). */
  file: string | null;
  signatures: number;
  writers: number;
  byAuthenticity: Record<PenTrajectory['authenticity'], number>;
  /** Files that could not be read or used, with the reason. */
  missing: string[];
}

export async function buildTrajectoryLibrary(manifest: SourcesManifest, from: string, outDir: string): Promise<TrajectoryBuild> {
  const sets = manifest.sets.filter((set) => set.kind === 'penTrajectories');
  const build: TrajectoryBuild = { file: null, signatures: 0, writers: 0, byAuthenticity: { genuine: 0, forgery: 0, unknown: 0 }, missing: [] };
  if (sets.length === 0) return build;
  const trajectories: PenTrajectory[] = [];
  const sources: PenTrajectoryLibraryFile['sources'] = [];
  for (const set of sets) {
    const found = await findRepository(from, set.repository, set.commit);
    if (!found.gitDir || !found.hasCommit) {
      build.missing.push(`${set.name}: ${set.repository}@${set.commit.slice(0, 12)} not found in ${from}`);
      continue;
    }
    sources.push({ set: set.name, repository: set.repository, commit: set.commit, licence: set.licence });
    for (const page of set.pages) {
      if (page.split !== 'train' || reservedReason(page.image.path)) continue;
      const read = await readPinnedFile(found.gitDir, set.commit, page.image);
      if (!('bytes' in read)) {
        build.missing.push(`${page.image.path}: ${read.reason}`);
        continue;
      }
      const about = { id: page.id, set: set.name, writer: page.writer ?? page.id.slice(0, 3), authenticity: page.authenticity ?? 'unknown' };
      const trajectory = toPenTrajectory(parseTrajectoryText(read.bytes.toString('utf8'), page.image.path), about);
      if (!trajectory) {
        build.missing.push(`${page.image.path}: no pen-down ink`);
        continue;
      }
      trajectories.push(trajectory);
    }
  }
  if (trajectories.length === 0) return build;
  const library: PenTrajectoryLibraryFile = { format: TRAJECTORY_FORMAT, version: 1, sources, samplePeriodMs: SAMPLE_PERIOD_MS, unit: TRAJECTORY_UNIT, trajectories };
  build.file = path.join(outDir, TRAJECTORY_LIBRARY_FILE);
  // One signature per line: readable, diffable, and compact enough (integers only).
  const lines = trajectories.map((t) => JSON.stringify(t));
  const { trajectories: _all, ...head } = library;
  const text = `${JSON.stringify(head).slice(0, -1)},"trajectories":[\n${lines.join(',\n')}\n]}\n`;
  writeAtomically(build.file, Buffer.from(text));
  build.signatures = trajectories.length;
  build.writers = new Set(trajectories.map((t) => `${t.set}/${t.writer}`)).size;
  for (const t of trajectories) build.byAuthenticity[t.authenticity]++;
  return build;
}
