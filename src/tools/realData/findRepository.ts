/**
 * Finding the copy of a GitHub repository ("owner/name") in a folder of clones and mirrors. Accepted
 * layouts, each either a bare git directory or a clone with `.git`, names matched case-insensitively:
 *   DIR/owner+name/repo   (what this machine's mirror tool makes)
 *   DIR/owner+name   DIR/owner/name   DIR/name   (each also with a ".git" suffix)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { hasCommit } from './gitObjects';
import type { LocateRepository } from './pinManifest';

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `parent/name` as it is spelled on disk, matching the name case-insensitively; null when absent. */
function child(parent: string, name: string): string | null {
  if (existsSync(join(parent, name))) return join(parent, name);
  if (!isDir(parent)) return null;
  const found = readdirSync(parent).find((entry) => entry.toLowerCase() === name.toLowerCase());
  return found === undefined ? null : join(parent, found);
}

/** The git directory of a bare repository or of a clone at `path`; null when `path` is neither. */
export function gitDirAt(path: string): string | null {
  const dotGit = join(path, '.git');
  if (isDir(dotGit) && existsSync(join(dotGit, 'HEAD'))) return dotGit;
  if (existsSync(dotGit) && !isDir(dotGit)) {
    // A worktree or submodule: ".git" is a file saying "gitdir: <path>".
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    if (match) return isAbsolute(match[1]) ? match[1] : resolve(dirname(dotGit), match[1]);
  }
  if (existsSync(join(path, 'HEAD')) && isDir(join(path, 'objects'))) return path;
  return null;
}

/** Where a copy of `owner/name` may lie in `dir`, most specific first. */
export function candidatePaths(dir: string, repository: string): string[] {
  const [owner, name] = repository.split('/');
  const paths: (string | null)[] = [];
  for (const joined of [`${owner}+${name}`, `${owner}+${name}.git`]) {
    const folder = child(dir, joined);
    if (folder) paths.push(child(folder, 'repo'), folder);
  }
  const ownerFolder = child(dir, owner);
  if (ownerFolder) paths.push(child(ownerFolder, name), child(ownerFolder, `${name}.git`));
  paths.push(child(dir, name), child(dir, `${name}.git`));
  return [...new Set(paths.filter((path): path is string => path !== null))];
}

export interface FoundRepository {
  /** The git directory to read from; null when no copy was found. */
  gitDir: string | null;
  /** Whether that copy holds the commit (a shallow or older clone may not). */
  hasCommit: boolean;
  /** The layouts looked at, for the report. */
  looked: string[];
}

/** The copy of `repository` in `dir`, preferring one that holds `commit`. */
export async function findRepository(dir: string, repository: string, commit: string): Promise<FoundRepository> {
  const [owner, name] = repository.split('/');
  const looked = [`${owner}+${name}/repo`, `${owner}+${name}`, `${owner}/${name}`, name].map((path) => join(dir, path));
  let first: string | null = null;
  for (const path of candidatePaths(dir, repository)) {
    const gitDir = gitDirAt(path);
    if (!gitDir) continue;
    if (await hasCommit(gitDir, commit)) return { gitDir, hasCommit: true, looked };
    first ??= gitDir;
  }
  return { gitDir: first, hasCommit: false, looked };
}

/** For the pinning scripts: each pinned repository's git folder in `from`, or an error saying what is missing. */
export function locateRepositoriesIn(from: string): LocateRepository {
  return async (repository, commit) => {
    const found = await findRepository(from, repository, commit);
    if (!found.gitDir) throw new Error(`${repository} not found in ${from} (looked for ${found.looked.join(', ')})`);
    if (!found.hasCommit) throw new Error(`${repository}: commit ${commit} missing from ${found.gitDir}`);
    return found.gitDir;
  };
}
