/**
 * npx tsx src/tools/realData/pinSources.ts --from DIR [--out models/data/real/sources.json]
 *
 * Writes the real-data manifest from copies of the pinned repositories in DIR (same layouts as
 * `npm run data:real`): every page of every set in pinnedSetDefinitions.ts (paper) and
 * inkSetDefinitions.ts (stamps and signatures) with its files' git blob ids, sizes and SHA-256, and
 * each page's split. The output is committed; run this again only to change what is pinned, and say
 * why in the commit.
 * Then every signature file of the pen trajectory sets (penTrajectorySets.ts), the same way, and the
 * photo sets (photoSets.ts; pinPhotoSets.ts re-pins only those).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { locateRepositoriesIn } from './findRepository';
import { INK_SET_DEFINITIONS } from './inkSetDefinitions';
import { pinInkSet } from './pinInkSets';
import { pinManifest } from './pinManifest';
import { pinPenTrajectorySet } from './pinPenTrajectories';
import { PEN_TRAJECTORY_SET_DEFINITIONS } from './penTrajectorySets';
import { PINNED_SET_DEFINITIONS } from './pinnedSetDefinitions';
import { PHOTO_SET_DEFINITIONS } from './photoSets';
import { pinPhotoSet } from './pinPhotoSets';
import { checkSourcesManifest, DEFAULT_SOURCES_MANIFEST, type PinnedFile } from './sourcesManifest';

const { values } = parseArgs({ options: { from: { type: 'string' }, out: { type: 'string', default: DEFAULT_SOURCES_MANIFEST } } });
if (!values.from) {
  console.error('usage: npx tsx src/tools/realData/pinSources.ts --from DIR [--out models/data/real/sources.json]');
  process.exit(2);
}
const locate = locateRepositoriesIn(values.from);

const paper = await pinManifest(PINNED_SET_DEFINITIONS, locate);
const ink = [];
for (const definition of INK_SET_DEFINITIONS) {
  const pinned = await pinInkSet(definition, locate);
  ink.push(pinned.set);
  console.log(`${definition.name}: reserved, left out unread: ${pinned.reservedLeftOut.length} page(s); without any truth, not pinned: ${pinned.withoutTruth.join(', ') || 'none'}`);
}
for (const definition of PEN_TRAJECTORY_SET_DEFINITIONS) ink.push(await pinPenTrajectorySet(definition, locate));
for (const definition of PHOTO_SET_DEFINITIONS) ink.push(await pinPhotoSet(definition, locate));
const manifest = checkSourcesManifest({ ...paper, sets: [...paper.sets, ...ink] });

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(manifest, null, 2)}\n`);
for (const set of manifest.sets) {
  const files = set.pages.flatMap((page) => [page.image, page.truth, page.labels]).filter((file): file is PinnedFile => file !== undefined);
  const absent = files.filter((file) => file.sha256 === null);
  const splits = (['train', 'val', 'report'] as const).map((split) => `${set.pages.filter((page) => page.split === split).length} ${split}`).join(', ');
  const absentText = absent.length > 10 ? `${absent.length} files` : absent.map((file) => file.path).join(', ');
  console.log(`${set.name}: ${set.pages.length} pages (${splits})${absent.length ? `; absent from the copy: ${absentText}` : ''}`);
}
console.log(`manifest written to ${values.out}`);
