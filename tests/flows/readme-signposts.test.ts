import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder READMEs and signposts a newcomer reads first name files that exist (issue 24 §7): each path written in
 * them (a/b.ts, ../c.yaml) is found from the file's own folder, one of its subfolders (a README's list of a
 * subfolder's files) or one of the folders above it, up to the root.
 */
const SIGNPOSTS = ['README.md', 'shop/README.md', 'flows/fragments/checkout.yaml', 'renderer/README.md'];
const PATH = /(?<![\w/.@#<{*-])((?:\.\.?\/)?(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|yaml|md|json|css))\b/g;

function missingPaths(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const folders = path.dirname(file).split('/');
  const here = path.dirname(file);
  const subfolders = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
    .map((entry) => path.join(here, entry.name));
  const bases = folders.map((_, i) => folders.slice(0, i + 1).join('/')).concat('.', ...subfolders);
  return [...text.matchAll(PATH)].map((m) => m[1]!).filter((p) => !bases.some((base) => existsSync(path.join(base, p))));
}

describe('signposts name files that exist (issue 24 §7)', () => {
  for (const file of SIGNPOSTS) {
    it(file, () => {
      expect(missingPaths(file)).toEqual([]);
    });
  }

  it('README.md calls the consultation’s file by what it is, and the generic runner by its file', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain('`app/consultation/consultation-flow.tsx`');
    expect(readme).toContain('the generic runner (`app/flow/flow-runner.tsx`)');
  });

  it('shop/README.md: money on the wire is a decimal in the currency’s units, not cents (API.md "Money on the wire")', () => {
    const shop = readFileSync('shop/README.md', 'utf8');
    expect(shop).not.toMatch(/wire shapes[^.]*integer cents/);
    expect(shop).toMatch(/money as a decimal in the currency's units/);
  });

  it('app/README.md: flags come from GET /flags (spec 001 §9 Feature flags), not only from the device', () => {
    const app = readFileSync('app/README.md', 'utf8');
    expect(app).not.toContain('until the flags service exists');
    expect(app).toContain('GET /flags');
  });
});
