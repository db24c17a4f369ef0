import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clockStartingAt, serverClock, systemClock, type Clock } from '../../server/clock';
import { createLogger } from '../../server/log/logger';
import { readSettings } from '../../server/read-settings';
import { startServer } from '../../server/start-server';
import { fakeFlows } from './support/fake-flows';
import { migratedDataDir } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';

afterAll(removeTempDirs);

/** A clock the test moves by hand. */
function manualClock(at: string): Clock & { advance(ms: number): void } {
  let now = new Date(at).getTime();
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

describe('CLOCK_START: the server clock starts at a set instant (development and tests only, so screenshots show the same dates every run)', () => {
  it('starts at the instant and runs at the real pace from there', () => {
    const real = manualClock('2031-05-02T08:00:00Z');
    const clock = clockStartingAt(new Date('2026-11-27T15:00:00Z'), real);
    expect(clock.now().toISOString()).toBe('2026-11-27T15:00:00.000Z');
    real.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-11-27T15:01:30.000Z');
  });

  it('unset or empty: the real clock; an ISO instant with its zone is taken, anything else refused with an example', () => {
    expect(serverClock(undefined, false)).toBe(systemClock);
    expect(serverClock('', true)).toBe(systemClock);
    const started = serverClock('2026-11-27T10:00:00-05:00', false).now().getTime();
    expect(started).toBeGreaterThanOrEqual(Date.parse('2026-11-27T15:00:00Z'));
    expect(started).toBeLessThan(Date.parse('2026-11-27T15:01:00Z'));
    for (const bad of ['tomorrow', '2026-11-27', '2026-11-27T15:00:00', '2026-13-45T15:00:00Z', '1764255600000'])
      expect(() => serverClock(bad, false), bad).toThrow(`CLOCK_START must be an ISO instant with its zone, such as 2026-11-27T15:00:00Z, not "${bad}".`);
  });

  it('NODE_ENV=production refuses it: the shop does not start, before its database opens', async () => {
    expect(() => serverClock('2026-11-27T15:00:00Z', true)).toThrow('CLOCK_START is for development and tests only: unset it with NODE_ENV=production.');
    const dataDir = tempDir('shop-clock');
    const settings = readSettings({ PORT: '0', NODE_ENV: 'production', PAYMENTS: 'test', DATA_DIR: dataDir, WEB_ROOT: dataDir, ACCESS_LOG: 'off' });
    await expect(startServer(settings, { flows: fakeFlows, clockStart: '2026-11-27T15:00:00Z' })).rejects.toThrow(
      'CLOCK_START is for development and tests only',
    );
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  });

  it('a development server started with it dates what it does by that clock (a session token issued at the instant) and warns at start', async () => {
    const dataDir = migratedDataDir('shop-clock');
    const lines: string[] = [];
    const logger = createLogger({ stream: { write: (line: string) => void lines.push(line) } });
    const settings = readSettings({ PORT: '0', DATA_DIR: dataDir, WEB_ROOT: dataDir, ACCESS_LOG: 'off', PUBLIC_URL: 'https://shop.test' });
    const server = await startServer(settings, { flows: fakeFlows, logger, clockStart: '2026-11-27T15:00:00Z' });
    try {
      const guest = await fetch(`http://localhost:${server.port}/v1/auth/signup/guest/`, { method: 'POST' });
      const { access } = (await guest.json()) as { access: string };
      const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { iat: number };
      expect(claims.iat * 1000).toBeGreaterThanOrEqual(Date.parse('2026-11-27T15:00:00Z'));
      expect(claims.iat * 1000).toBeLessThan(Date.parse('2026-11-27T15:10:00Z'));
      // The token is accepted by the same clock (it is not seen as issued in the future or expired).
      expect((await fetch(`http://localhost:${server.port}/v1/account/`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
      expect(warnings.map((line) => line.msg)).toContainEqual(expect.stringContaining("CLOCK_START: the shop's clock started at 2026-11-27T15:00"));
    } finally {
      await server.close();
    }
  }, 90_000);
});
