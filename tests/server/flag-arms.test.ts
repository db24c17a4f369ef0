import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagNamesIn, loadAllFlags, withOverrides } from '../../server/flags/load-flags';
import { armOf, flagsForVisitor } from '../../server/flags/visitor-flags';
import { newVisitorId } from '../../server/http/visitor';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { removeTempDirs } from './support/temp-dirs';
import { createTestApp } from './support/test-app';
import { testWebRoot } from './support/web-pages';

const AB_FLAGS = Object.entries(loadAllFlags())
  .filter(([, value]) => value === '0' || value === '1')
  .map(([name]) => name);
const inlineFlags = (html: string) => JSON.parse(/<script type="application\/json" id="shop-flags">(.*?)<\/script>/.exec(html)![1]!);

// Spec 001 §9 Feature flags: "0"/"1" A/B tests; issue 29 item 9: assigned per visitor and kept stable.
describe('A/B arms per visitor (spec 001 §9 Feature flags)', () => {
  it('the same visitor always gets the same arm of each test', () => {
    const visitor = newVisitorId();
    const first = flagsForVisitor({ flags: loadAllFlags() }, visitor);
    for (let i = 0; i < 20; i += 1) expect(flagsForVisitor({ flags: loadAllFlags() }, visitor)).toEqual(first);
    for (const name of AB_FLAGS) expect(['0', '1']).toContain(first[name]);
    expect(AB_FLAGS.length).toBe(8);
  });

  it('arms split about 50/50 over many visitors, each test apart from the others', () => {
    const visitors = Array.from({ length: 4000 }, newVisitorId);
    for (const name of AB_FLAGS) {
      const ones = visitors.filter((v) => armOf(name, v) === '1').length;
      // 4,000 fair coins: 2,000 ± 4.5 standard deviations (31.6 each).
      expect(Math.abs(ones - 2000), name).toBeLessThan(143);
    }
    const both = visitors.filter((v) => armOf('skip-by-product-ab-test', v) === '1' && armOf('universal-cart-phase-x', v) === '1').length;
    expect(Math.abs(both - 1000)).toBeLessThan(120);
  });

  it('FLAGS pins an arm for everyone; on/off flags and the flows’ flags are never split', () => {
    const setting = 'skip-by-product-ab-test=1,trial-offer=true';
    const settings = { flags: withOverrides(loadAllFlags(), setting), pinnedFlags: flagNamesIn(setting) };
    for (let i = 0; i < 50; i += 1) {
      const flags = flagsForVisitor(settings, newVisitorId());
      expect(flags['skip-by-product-ab-test']).toBe('1');
      expect(flags['trial-offer']).toBe(true);
      expect(flags.signin_placement).toBe('before-first-private');
    }
  });

  describe('served', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('pglite');
    });
    afterAll(async () => {
      await database.destroy();
      removeTempDirs();
    });

    it('GET /flags and every page give a visitor their own arms, the same on each visit; none is cached for others', async () => {
      const t = createTestApp(database.db, { config: { webRoot: testWebRoot('shop-web-arms') } });
      const visitors = Array.from({ length: 8 }, newVisitorId);
      const seen = new Set<string>();
      for (const visitor of visitors) {
        const cookie = `visitor=${visitor}`;
        const served = await t.call('GET', '/flags', { headers: { cookie } });
        expect(served.headers.get('cache-control')).toBe('private, no-cache');
        const expected = Object.fromEntries(AB_FLAGS.map((name) => [name, armOf(name, visitor)]));
        expect(served.body).toMatchObject(expected);
        expect((await t.call('GET', '/flags', { headers: { cookie } })).body).toEqual(served.body);
        expect(inlineFlags((await t.call('GET', '/cart', { headers: { cookie } })).body)).toEqual(served.body);
        expect(inlineFlags((await t.call('GET', '/', { headers: { cookie } })).body)).toEqual(served.body);
        seen.add(AB_FLAGS.map((name) => expected[name]).join(''));
      }
      expect(seen.size).toBeGreaterThan(1);
    });

    it('a first page already carries the arms of the visitor id it sets', async () => {
      const t = createTestApp(database.db, { config: { webRoot: testWebRoot('shop-web-arms-first') } });
      const page = await t.call('GET', '/consultation/haircare');
      const visitor = /visitor=([^;]*)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
      expect(inlineFlags(page.body)).toEqual(flagsForVisitor({ flags: loadAllFlags() }, visitor));
    });

    it('a visitor who signs in keeps the arms they saw (the arm follows the device’s visitor id, not the account)', async () => {
      const t = createTestApp(database.db);
      const visitor = newVisitorId();
      const cookie = `visitor=${visitor}`;
      const before = (await t.call('GET', '/flags', { headers: { cookie } })).body;
      const guest = await t.call('POST', '/v1/auth/signup/guest/', { headers: { cookie } });
      const after = (await t.call('GET', '/flags', { headers: { cookie, authorization: `Bearer ${guest.body.access}` } })).body;
      expect(after).toEqual(before);
    });
  });
});
