/**
 * `npm test`: everything CI runs, in order, stopping at the first failure:
 * types, lint, flows, unit and component tests (PGlite and PostgreSQL), the production build,
 * every Storybook story in Chromium with axe, then the end-to-end tests against the real server.
 */
import { spawnSync } from 'node:child_process';

const stages: [string, string[]][] = [
  // TypeScript 7 (native) checks types; TypeScript 6, the top-level `typescript`, is the API typescript-eslint loads.
  ['types', ['node', 'node_modules/typescript-native/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['npx', 'eslint', '.', '--max-warnings=0']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['flows', ['node', '--import', 'tsx', 'engine/cli/flows.ts', 'check']],
  ['product page content', ['node', '--import', 'tsx', 'shop/content/cli.ts']],
  ['flow schema up to date', ['node', '--import', 'tsx', 'engine/cli/flows.ts', 'schema', '--check']],
  ['unit and component tests', ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'dom']],
  ['build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  // The browser runner's screenshot comparison leaves a timer and zlib handles open (@vitest/browser, not ours): Vitest
  // waits for them for its teardown timeout, 10 s by default, and then exits with the tests' result anyway.
  ['stories in Chromium (axe)', ['npx', 'vitest', 'run', '--project', 'storybook', '--teardown-timeout=3000']],
  ['end-to-end in Chromium', ['npx', 'vitest', 'run', '--project', 'e2e']],
];

const only = process.argv.slice(2);
const started = Date.now();
for (const [name, command] of stages) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const t0 = Date.now();
  console.log(`\n── ${name} ──`);
  const result = spawnSync(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
