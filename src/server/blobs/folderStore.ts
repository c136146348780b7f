import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { BlobStore } from './store';

const SAFE_KEY = /^[a-zA-Z0-9._-]+$/;

/** Blobs as files under `<dataDir>/blobs`, written to a temporary name, fsynced, then renamed. */
export function createFolderStore(root: string): BlobStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe blob key ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  let ready: Promise<unknown> | null = null;
  const ensureRoot = () => (ready ??= fs.mkdir(root, { recursive: true }));

  return {
    async put(key, bytes) {
      await ensureRoot();
      const final = pathOf(key);
      const temp = path.join(root, `.tmp-${crypto.randomUUID()}`);
      const handle = await fs.open(temp, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, final);
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async listOlderThan(olderThan) {
      await ensureRoot();
      const names = await fs.readdir(root);
      const old: string[] = [];
      for (const name of names) {
        const stat = await fs.stat(path.join(root, name)).catch(() => null);
        if (stat && stat.isFile() && stat.mtime < olderThan) old.push(name);
      }
      return old;
    },
  };
}
