import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data folder, and two writers corrupt it. A pid file taken with O_EXCL
 * keeps a second process (say the account CLI while the server runs) out; a stale file left by a
 * crashed process is taken over.
 */
export function acquireFolderLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'inklift.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new FolderLockedError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class FolderLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the data folder ${dataDir} is in use by process ${pid} (the embedded database allows one process at a time). ` +
        'Stop the server first, or run both against PostgreSQL with DATABASE_URL.',
    );
  }
}
