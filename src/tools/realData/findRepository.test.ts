import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRepository, gitDirAt } from './findRepository';
import { git, makeRepository } from './gitFixture';
import { readBlobAtCommit } from './gitObjects';

describe('findRepository', () => {
  let root: string;
  let work: string;
  let commit: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'inklift-find-'));
    work = join(root, 'work');
    commit = makeRepository(work, { 'a.txt': 'pinned\n' });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh DIR holding one copy of the repository, laid out by `place`. */
  function layout(name: string, place: (dir: string) => void): string {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    place(dir);
    return dir;
  }

  it('finds the mirror tool layout DIR/owner+name/repo: a bare git directory without a config file', async () => {
    const dir = layout('mirror', (d) => {
      const repo = join(d, 'Owner+Name', 'repo');
      mkdirSync(repo, { recursive: true });
      for (const part of ['HEAD', 'objects', 'refs']) cpSync(join(work, '.git', part), join(repo, part), { recursive: true });
    });
    const found = await findRepository(dir, 'Owner/Name', commit);
    expect(found).toMatchObject({ gitDir: join(dir, 'Owner+Name', 'repo'), hasCommit: true });
    expect((await readBlobAtCommit(found.gitDir!, commit, 'a.txt')).toString()).toBe('pinned\n');
  });

  it('finds DIR/owner+name (clone), DIR/owner/name (bare), DIR/name (clone) and DIR/name.git (bare)', async () => {
    const clone = (to: string) => git(root, 'clone', '-q', work, to);
    const bare = (to: string) => git(root, 'clone', '-q', '--bare', work, to);
    const cases: [string, (d: string) => void, string][] = [
      ['plus', (d) => clone(join(d, 'Owner+Name')), join('Owner+Name', '.git')],
      ['nested', (d) => bare(join(d, 'Owner', 'Name')), join('Owner', 'Name')],
      ['name', (d) => clone(join(d, 'Name')), join('Name', '.git')],
      ['dotgit', (d) => bare(join(d, 'Name.git')), 'Name.git'],
    ];
    for (const [name, place, expected] of cases) {
      const dir = layout(name, place);
      expect(await findRepository(dir, 'Owner/Name', commit), name).toMatchObject({ gitDir: join(dir, expected), hasCommit: true });
    }
  });

  it('matches folder names case-insensitively', async () => {
    const dir = layout('case', (d) => git(root, 'clone', '-q', '--bare', work, join(d, 'owner+name')));
    expect((await findRepository(dir, 'Owner/Name', commit)).gitDir).toBe(join(dir, 'owner+name'));
  });

  it('says when no copy is there, and when the copy lacks the commit', async () => {
    const empty = layout('empty', () => undefined);
    const none = await findRepository(empty, 'Owner/Name', commit);
    expect(none.gitDir).toBeNull();
    expect(none.looked).toContain(join(empty, 'Owner+Name', 'repo'));
    const dir = layout('old', (d) => git(root, 'clone', '-q', '--bare', work, join(d, 'Name')));
    expect(await findRepository(dir, 'Owner/Name', 'f'.repeat(40))).toMatchObject({ gitDir: join(dir, 'Name'), hasCommit: false });
  });

  it('does not take a plain folder for a repository', () => {
    expect(gitDirAt(layout('plain', (d) => mkdirSync(join(d, 'objects'))))).toBeNull();
  });
});
