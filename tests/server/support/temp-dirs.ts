import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const created: string[] = [];

/** A new empty directory under the system's temp folder, removed by `removeTempDirs()`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  created.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made in this test file (call it from afterAll). */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
