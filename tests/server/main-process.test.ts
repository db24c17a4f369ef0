import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';
import { exitOf, startServerProcess as startServer } from './support/server-process';

const root = path.resolve(import.meta.dirname, '../..');

describe('server/main.ts as a process', () => {
  const dataDir = migratedDataDir('shop-main');
  const webRoot = tempDir('shop-web');
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  const env = { DATA_DIR: dataDir, WEB_ROOT: webRoot, PUBLIC_URL: 'https://shop.test' };
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    removeTempDirs();
  });

  it('starts on the embedded database, serves the API and the web app, locks DATA_DIR, and shuts down cleanly', async () => {
    const server = await startServer(env);
    started.push(server.child);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const page = await fetch(`${server.url}/consultation/haircare`);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${server.url}/v1/question_sets`)).status).toBe(200);
    const guest = await fetch(`${server.url}/v1/auth/signup/guest/`, { method: 'POST' });
    expect(guest.status).toBe(201);
    const { access } = (await guest.json()) as { access: string };

    // A second process on the same directory stops with a clear message.
    const second = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(second);
    let secondOutput = '';
    second.stderr!.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
    expect(await exitOf(second)).toBe(1);
    expect(secondOutput).toContain(`The data directory ${dataDir} is in use by process ${server.child.pid}.`);

    server.child.kill('SIGTERM');
    expect(await exitOf(server.child)).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down.');
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);

    // Restarted on the same directory: the data and the generated signing secret are still there.
    const again = await startServer(env);
    started.push(again.child);
    const account = await fetch(`${again.url}/v1/account/`, { headers: { authorization: `Bearer ${access}` } });
    expect(account.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await exitOf(again.child)).toBe(0);
  }, 180_000);
});
