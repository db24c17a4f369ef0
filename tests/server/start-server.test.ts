import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../server/read-settings';
import { startServer } from '../../server/start-server';
import { createPostgresDatabase } from './support/databases';
import { fakeFlows } from './support/fake-flows';
import { removeTempDirs, tempDir } from './support/temp-dirs';

afterAll(removeTempDirs);

function settingsFor(dataDir: string, webRoot: string, port = 0) {
  return readSettings({ PORT: String(port), DATA_DIR: dataDir, WEB_ROOT: webRoot, PUBLIC_URL: 'https://shop.test', ACCESS_LOG: 'off' });
}

describe('startServer (what npm start runs)', () => {
  it('listens on a free port, serves API and web app, and releases DATA_DIR on close', async () => {
    const dataDir = tempDir('shop-start');
    const webRoot = tempDir('shop-web');
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    const server = await startServer(settingsFor(dataDir, webRoot), { flows: fakeFlows });
    try {
      const base = `http://localhost:${server.port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
      expect(await (await fetch(`${base}/signin`)).text()).toContain('<div id="root">');
      expect((await fetch(`${base}/v1/stylists/demo-stylist`)).status).toBe(200);
      expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(true);
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 90_000);

  it('uses PostgreSQL when DATABASE_URL is set: migrates, seeds and keeps the signing secret in it', async () => {
    const scratch = await createPostgresDatabase();
    const webRoot = tempDir('shop-web');
    const settings = { ...settingsFor(webRoot, webRoot), databaseUrl: scratch.url };
    try {
      const first = await startServer(settings, { flows: fakeFlows });
      const base = `http://localhost:${first.port}`;
      const guest = await fetch(`${base}/v1/auth/signup/guest/`, { method: 'POST' });
      const { access } = (await guest.json()) as { access: string };
      await first.close();
      const second = await startServer(settings, { flows: fakeFlows });
      try {
        const account = await fetch(`http://localhost:${second.port}/v1/account/`, { headers: { authorization: `Bearer ${access}` } });
        expect(account.status).toBe(200);
        expect((await fetch(`http://localhost:${second.port}/v1/stylists/demo-stylist`)).status).toBe(200);
      } finally {
        await second.close();
      }
      expect(existsSync(path.join(webRoot, 'shop.lock'))).toBe(false); // no data directory lock with PostgreSQL
    } finally {
      await scratch.drop();
    }
  }, 90_000);

  it('a port in use is a clear error, and the database is closed again', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const { port } = blocker.address() as AddressInfo;
    const dataDir = tempDir('shop-start');
    try {
      await expect(startServer(settingsFor(dataDir, dataDir, port), { flows: fakeFlows })).rejects.toThrow(`Port ${port} is in use: set PORT to a free port.`);
      expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    } finally {
      blocker.close();
    }
  }, 90_000);
});
