import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log/logger';
import { paymentProvider, readSettings } from '../../server/read-settings';
import { startServer } from '../../server/start-server';
import { createPostgresDatabase, migratedDataDir } from './support/databases';
import { fakeFlows } from './support/fake-flows';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { registryLoadedBy } from '../../server/profile/locate-zipcode';
import { aggressorDataRead } from '../../server/formulation/aggressors/aggressor-data';
import { removeTempDirs, tempDir } from './support/temp-dirs';

afterAll(removeTempDirs);

function settingsFor(dataDir: string, webRoot: string, port = 0) {
  return readSettings({ PORT: String(port), DATA_DIR: dataDir, WEB_ROOT: webRoot, PUBLIC_URL: 'https://shop.test', ACCESS_LOG: 'off' });
}

describe('startServer (what npm start runs)', () => {
  it('listens on a free port, serves API and web app, and releases DATA_DIR on close', async () => {
    const dataDir = migratedDataDir('shop-start');
    const webRoot = tempDir('shop-web');
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    expect(registryLoadedBy).toBeNull();
    expect(aggressorDataRead()).toBe(false);
    const server = await startServer(settingsFor(dataDir, webRoot), { flows: fakeFlows });
    try {
      // The zip code registry and the aggressor data are read by the start, not by the first cart or results page
      // (server/start-server.ts), nor when the app's operations are imported.
      expect(registryLoadedBy).toBe('data files');
      expect(aggressorDataRead()).toBe(true);
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
    const dataDir = migratedDataDir('shop-start');
    try {
      await expect(startServer(settingsFor(dataDir, dataDir, port), { flows: fakeFlows })).rejects.toThrow(`Port ${port} is in use: set PORT to a free port.`);
      expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    } finally {
      blocker.close();
    }
  }, 90_000);

  it('a FLAGS value that is none of a flow variant’s options stops the start, naming the options; the database is closed again', async () => {
    const dataDir = migratedDataDir('shop-flags');
    const settings = { ...settingsFor(dataDir, dataDir), flags: 'signin_placement=frist' };
    await expect(startServer(settings, { flows: loadProfileFlows('flows') })).rejects.toThrow(
      'The flag "signin_placement" is "frist", which is none of its variant’s options: before-zipcode, after-welcome, before-first-private, first.',
    );
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 90_000);

  describe('payments in production (API.md Settings; issue 24: test cards never pay for real orders)', () => {
    const production = { PORT: '0', NODE_ENV: 'production', PUBLIC_URL: 'https://shop.test', ACCESS_LOG: 'off' };

    it('without STRIPE_SECRET_KEY or PAYMENTS=test the shop refuses to start and says what to set', async () => {
      expect(() => readSettings(production)).toThrow(/set STRIPE_SECRET_KEY .*, or PAYMENTS=test/);
      expect(() => readSettings({ ...production, PAYMENTS: 'stripe' })).toThrow('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
      expect(() => readSettings({ ...production, PAYMENTS: 'tset' })).toThrow('PAYMENTS must be "stripe" or "test"');
      // Settings made another way are refused by startServer too, before the database opens.
      const dataDir = tempDir('shop-start');
      const settings = { ...settingsFor(dataDir, dataDir), production: true };
      await expect(startServer(settings, { flows: fakeFlows })).rejects.toThrow(/set STRIPE_SECRET_KEY .*, or PAYMENTS=test/);
      expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    });

    it('Stripe when its key is set; the test provider in development, or in production only when PAYMENTS=test', () => {
      expect(paymentProvider(readSettings({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }))).toBe('stripe');
      expect(paymentProvider(readSettings({ ...production, PAYMENTS: 'test' }))).toBe('test');
      expect(paymentProvider(readSettings({ PAYMENTS: 'test', STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('test');
      expect(paymentProvider(readSettings({}))).toBe('test');
      expect(paymentProvider(readSettings({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }))).toBe('stripe');
    });

    it('PAYMENTS=test starts a production shop on the test provider and warns at start', async () => {
      const dataDir = migratedDataDir('shop-start');
      const lines: string[] = [];
      const logger = createLogger({ stream: { write: (line: string) => void lines.push(line) } });
      const settings = readSettings({ ...production, PAYMENTS: 'test', DATA_DIR: dataDir, WEB_ROOT: dataDir });
      const server = await startServer(settings, { flows: fakeFlows, logger });
      try {
        const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
        expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringContaining('PAYMENTS=test: orders are taken with test cards only'));
        expect((await fetch(`http://localhost:${server.port}/healthz`)).status).toBe(200);
      } finally {
        await server.close();
      }
    }, 90_000);
  });
});
