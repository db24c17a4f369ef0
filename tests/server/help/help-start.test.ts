/**
 * The server refuses to start on a broken knowledge base (issue 29 item 1), with the messages `npm run help:check`
 * prints: file:line:column, the code, a "did you mean"; nothing is opened.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readSettings } from '../../../server/read-settings';
import { startServer } from '../../../server/start-server';
import { fakeFlows } from '../support/fake-flows';
import { removeTempDirs, tempDir } from '../support/temp-dirs';

afterAll(removeTempDirs);

it('a misspelt tag stops the start with its place and a did-you-mean; the data directory is never opened', async () => {
  const content = tempDir('kb-broken');
  cpSync('shop/help/content', content, { recursive: true });
  const file = path.join(content, 'articles', 'our-guarantee.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('tags: [popular,', 'tags: [populr,'));
  const dataDir = tempDir('kb-broken-data');
  const settings = readSettings({ PORT: '0', DATA_DIR: dataDir, WEB_ROOT: dataDir, PUBLIC_URL: 'https://shop.test', ACCESS_LOG: 'off' });
  const shown = path.relative(process.cwd(), file);
  await expect(startServer(settings, { flows: fakeFlows, knowledgeBaseDir: content })).rejects.toThrow(
    `The knowledge base has 1 problem(s):\n${shown}:6:8  unknown_tag\n  Tag "populr" is not in shop/help/content/tags.yaml.\n  Did you mean "popular"?\n    6 | tags: [populr, contact-us-top-3, guarantee, refund]\n      |        ^^^^^^`,
  );
  expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
});
