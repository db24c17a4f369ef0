import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';
import { openDatabase } from '../../server/db/open-database';
import { seedDatabase } from '../../server/db/seed-database';
import { resolveSigningSecret } from '../../server/db/signing-secret';
import { stylists } from '../../server/db/schema';
import { migratedDataDir } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';

afterAll(removeTempDirs);

const freshDir = () => tempDir('shop-data');

/** The PID of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the embedded database directory (DATA_DIR)', () => {
  it('a second open of the same directory fails, naming the directory and the holding PID; closing releases it', async () => {
    // A copy of the run's migrated database: a first open of an empty directory is the restart test's below.
    const dir = migratedDataDir('shop-data');
    const first = await openDatabase({ dataDir: dir });
    try {
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`The data directory ${dir} is in use by process ${process.pid}.`);
      expect(readFileSync(path.join(dir, 'shop.lock'), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, 'shop.lock'))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);

  it('takes over a stale lock left by a process that is gone', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(path.join(dir, 'shop.lock'), `${pid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('takes over an empty or unreadable lock file', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'shop.lock'), 'garbage');
    const lock = lockDataDir(dir);
    lock.release();
  });

  it('keeps data, seed rows and the generated signing secret across restarts', async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    await seedDatabase(first.db);
    const secret = await resolveSigningSecret(first.db, undefined);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      await seedDatabase(second.db);
      expect(await resolveSigningSecret(second.db, undefined)).toBe(secret);
      expect(await second.db.select().from(stylists)).toHaveLength(1);
      expect(await resolveSigningSecret(second.db, 'k'.repeat(40))).toBe('k'.repeat(40));
      await expect(resolveSigningSecret(second.db, 'short')).rejects.toThrow('SECRET_KEY must be at least 32 characters long.');
    } finally {
      await second.close();
    }
  }, 60_000);
});
