/**
 * Writing `<out>/index.json` (the contract in datasetIndex.ts) in one step, so a reader never sees a
 * half-written index.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetIndex } from './datasetIndex';

export function writeDatasetIndex(out: string, index: DatasetIndex): string {
  mkdirSync(out, { recursive: true });
  const path = join(out, 'index.json');
  writeFileSync(`${path}.part`, `${JSON.stringify(index, null, 2)}\n`);
  renameSync(`${path}.part`, path);
  return path;
}
