/**
 * `npm run screenshots:update`'s last step: stores every baseline PNG under tests/screenshots/ compressed as
 * tests/screenshot-settings.ts `leanPng` does (the same pixels, about a third smaller than Vitest writes them). A file
 * is rewritten only when that makes it smaller, so running it again changes nothing.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { leanPng } from '../tests/screenshot-settings';

const root = path.resolve(process.argv[2] ?? 'tests/screenshots');
let before = 0;
let after = 0;
let files = 0;
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : file.endsWith('.png') ? [file] : [];
  });
for (const file of walk(root)) {
  const stored = readFileSync(file);
  const lean = leanPng(PNG.sync.read(stored));
  files++;
  before += stored.length;
  if (lean.length < stored.length) writeFileSync(file, lean);
  after += Math.min(lean.length, stored.length);
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`${files} baselines in ${path.relative(process.cwd(), root)}: ${mb(before)} MB → ${mb(after)} MB`);
