import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { tempDir } from './temp-dirs';

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string | null): Record<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return Object.fromEntries(
    header!.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

/** A built web app of one page, for the server to serve (remove it with removeTempDirs). */
export function testWebRoot(prefix = 'shop-web'): string {
  const webRoot = tempDir(prefix);
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  return webRoot;
}
