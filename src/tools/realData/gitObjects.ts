/**
 * Reading a repository's files at a commit straight from its git directory (`git --git-dir … cat-file`),
 * so bare mirrors and normal clones work alike and no work tree is needed or touched.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MAX_BLOB_BYTES = 1 << 30;

async function git(gitDir: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run('git', ['--git-dir', gitDir, ...args], { encoding: 'buffer', maxBuffer: MAX_BLOB_BYTES });
  return stdout;
}

async function succeeds(gitDir: string, args: string[]): Promise<boolean> {
  try {
    await git(gitDir, args);
    return true;
  } catch {
    return false;
  }
}

export function hasCommit(gitDir: string, commit: string): Promise<boolean> {
  return succeeds(gitDir, ['cat-file', '-e', `${commit}^{commit}`]);
}

export function hasBlob(gitDir: string, blob: string): Promise<boolean> {
  return succeeds(gitDir, ['cat-file', '-e', blob]);
}

export interface TreeEntry {
  path: string;
  blob: string;
  /** Null when git cannot tell (the blob is absent from this copy: ls-tree prints "BAD"). */
  size: number | null;
}

/** Every file of the commit's tree, as `git ls-tree -r -l` lists it. */
export async function listTree(gitDir: string, commit: string): Promise<TreeEntry[]> {
  const out = (await git(gitDir, ['ls-tree', '-r', '-l', '-z', commit])).toString('utf8');
  const entries: TreeEntry[] = [];
  for (const line of out.split('\0')) {
    const match = /^\d+ blob ([0-9a-f]{40}) +(\S+)\t(.*)$/s.exec(line);
    if (!match) continue;
    const size = /^\d+$/.test(match[2]) ? Number(match[2]) : null;
    entries.push({ blob: match[1], size, path: match[3] });
  }
  return entries;
}

/** The blob id a path has at a commit, or null when the commit has no such file. */
export async function blobAt(gitDir: string, commit: string, path: string): Promise<string | null> {
  const out = (await git(gitDir, ['ls-tree', '-z', commit, '--', path])).toString('utf8');
  const match = /^\d+ blob ([0-9a-f]{40})\t/.exec(out);
  return match ? match[1] : null;
}

/** The file's bytes at the commit (`git cat-file blob COMMIT:PATH`); throws when it cannot be read. */
export function readBlobAtCommit(gitDir: string, commit: string, path: string): Promise<Buffer> {
  return git(gitDir, ['cat-file', 'blob', `${commit}:${path}`]);
}
