import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Builds the web app when dist/ is missing, or always with `force` (the `--build` flag). */
export function ensureBuilt(force: boolean): void {
  if (existsSync('dist/index.html') && !force) return;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
