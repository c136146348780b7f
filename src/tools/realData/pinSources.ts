/**
 * npx tsx src/tools/realData/pinSources.ts --from DIR [--out models/data/real/sources.json]
 *
 * Writes the real-data manifest from copies of the pinned repositories in DIR (same layouts as
 * `npm run data:real`): every page of every set in pinnedSetDefinitions.ts with its files' git blob
 * ids, sizes and SHA-256, and each page's split. The output is committed; run this again only to
 * change what is pinned, and say why in the commit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { findRepository } from './findRepository';
import { pinManifest } from './pinManifest';
import { PINNED_SET_DEFINITIONS } from './pinnedSetDefinitions';
import { DEFAULT_SOURCES_MANIFEST } from './sourcesManifest';

const { values } = parseArgs({ options: { from: { type: 'string' }, out: { type: 'string', default: DEFAULT_SOURCES_MANIFEST } } });
if (!values.from) {
  console.error('usage: npx tsx src/tools/realData/pinSources.ts --from DIR [--out models/data/real/sources.json]');
  process.exit(2);
}
const from = values.from;

const manifest = await pinManifest(PINNED_SET_DEFINITIONS, async (repository, commit) => {
  const found = await findRepository(from, repository, commit);
  if (!found.gitDir) throw new Error(`${repository} not found in ${from} (looked for ${found.looked.join(', ')})`);
  if (!found.hasCommit) throw new Error(`${repository}: commit ${commit} missing from ${found.gitDir}`);
  return found.gitDir;
});

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(manifest, null, 2)}\n`);
for (const set of manifest.sets) {
  const absent = set.pages.flatMap((page) => [page.image, page.truth]).filter((file) => file.sha256 === null);
  const val = set.pages.filter((page) => page.split === 'val').length;
  console.log(`${set.name}: ${set.pages.length} pages (${val} val)${absent.length ? `; absent from the copy: ${absent.map((file) => file.path).join(', ')}` : ''}`);
}
console.log(`manifest written to ${values.out}`);
