import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is in use by process ${pid}. Stop that process, or set DATA_DIR to another directory.`);
    this.name = 'DataDirLockedError';
  }
}

/** A held lock; `release()` removes the lock file if it is still ours. */
export interface DataDirLock {
  path: string;
  release(): void;
}

const LOCK_FILE = 'shop.lock';

/** Takes the data directory for this process: two processes on one PGlite directory corrupt it. A dead holder's lock is taken over. */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath)) return { path: lockPath, release: () => releaseIfOurs(lockPath) };
    const holder = readHolder(lockPath);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    // The holder is gone (crash, kill -9): the lock is stale.
    try {
      unlinkSync(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${lockPath}: another process keeps replacing it.`);
}

/** Writes the PID to a private file, then links it into place: the lock appears atomically, never empty. */
function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(lockPath: string): void {
  if (readHolder(lockPath) !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
