import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './support/temp-dirs';
import { flags as flagsSchema } from '#api';
import { formatDataProblem } from '#engine/compiler';
import { compileFlags, compileFlowFlags, flagNamesIn, loadAllFlags, loadFlags, variantFlagProblems, withOverrides } from '../../server/flags/load-flags';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { readSettings } from '../../server/read-settings';
import { createTestDatabase } from './support/databases';
import { createTestApp } from './support/test-app';

// Spec 001 §9 Feature flags: on/off, or "0"/"1" for A/B tests.
const SPEC_FLAGS = [
  'sss-cart-optimization-phase-3-ab-test',
  'holiday-exclusive-hero',
  'skip-by-product-ab-test',
  'account-overview-optimizations-ab-test',
  'universal-cart',
  'cart-optimization-phase-4-ab-test',
  'haircare-subscription-frequency-ab-test',
  'cart-optimization-phase-3-ab-test',
  'post-purchase-interstitial-sss-ab-test',
  'breadcrumbs-pageview-utms',
  'livechat',
  'data-driven-promotions',
  'subscription-item-removal-ab-test',
  'nps-modal',
  'skincare-minis',
  'skincare-minis-phase-2',
  'payment-intent',
  'address-validation',
  'data-driven-consultation',
  'trial-offer',
  'subscription-snooze-button',
  'express-checkout',
  'brushes',
];

describe('feature flags (spec 001 §9; API.md GET /flags)', () => {
  it('the defaults name every flag of the spec; A/B tests are "0"/"1", the others on/off', () => {
    const flags = loadFlags();
    for (const name of SPEC_FLAGS) expect(flags[name], name).toBeDefined();
    for (const [name, value] of Object.entries(flags)) expect(typeof value === 'string', name).toBe(name.endsWith('-ab-test'));
  });

  it('FLAGS overrides them; an unknown name or a value of the wrong kind is an error naming it', () => {
    const flags = withOverrides(loadFlags(), ' universal-cart=1, express-checkout=false ,skip-by-product-ab-test=1');
    expect([flags['universal-cart'], flags['express-checkout'], flags['skip-by-product-ab-test']]).toEqual([true, false, '1']);
    expect(() => withOverrides(loadFlags(), 'universal-kart=1')).toThrow('FLAGS names an unknown flag "universal-kart". Did you mean "universal-cart"?');
    expect(() => withOverrides(loadFlags(), 'skip-by-product-ab-test=true')).toThrow('expected 0 or 1');
    expect(() => withOverrides(loadFlags(), 'livechat=maybe')).toThrow('expected true or false');
    expect(readSettings({ FLAGS: 'livechat=1' }).flags).toBe('livechat=1');
  });

  it('a broken flags file is reported at its line and column', () => {
    const broken = compileFlags('livechat: true\nnps-modal: yes please\n', 'server/flags/flags.yaml');
    expect(broken.problems.map(formatDataProblem)).toEqual(['server/flags/flags.yaml:2:12  Expected true or false, or an A/B test\'s "0" or "1" in quotes.']);
    const named = compileFlags('livechat: true\nBad_Name: false\n', 'server/flags/flags.yaml');
    expect(named.problems.map(formatDataProblem)).toEqual(['server/flags/flags.yaml:2:1  Expected a flag name in lower-case-with-dashes, not "Bad_Name".']);
  });

  it('GET /flags answers every flag, public, as the contract says', async () => {
    const database = await createTestDatabase('pglite');
    try {
      const setting = 'universal-cart=1,skip-by-product-ab-test=0';
      const t = createTestApp(database.db, { config: { flags: withOverrides(loadFlags(), setting), pinnedFlags: flagNamesIn(setting) } });
      const response = await t.call('GET', '/flags');
      expect(response.status).toBe(200);
      expect(flagsSchema.safeParse(response.body).success).toBe(true);
      expect(response.body['universal-cart']).toBe(true);
      expect(response.body['skip-by-product-ab-test']).toBe('0');
    } finally {
      await database.destroy();
    }
  });

  describe('the consultation flows’ flags, served by GET /flags too (one source: app/flags.ts reads them)', () => {
    const flows = loadProfileFlows('flows');

    it('every variant flag of the flows has its value in flow-flags.yaml, one of the variant’s options (its default)', () => {
      const flags = loadAllFlags();
      expect([...flows.variantFlags!.keys()].sort()).toEqual(['hair_loss_questions', 'haircare_welcome', 'signin_placement', 'skincare_signin_placement']);
      for (const [flag, options] of flows.variantFlags!) expect(options, flag).toContain(flags[flag]);
      expect(variantFlagProblems(flags, flows.variantFlags!)).toEqual([]);
      // The shop's own flags are still all there.
      for (const name of SPEC_FLAGS) expect(flags[name], name).toBeDefined();
    });

    it('FLAGS chooses a variant; a value that is none of its options stops the start, naming them', () => {
      const chosen = withOverrides(loadAllFlags(), 'signin_placement=first,offer=evergreen,offer_discount=50,texture_wavy_reset=1');
      expect([chosen.signin_placement, chosen.offer, chosen.offer_discount, chosen.texture_wavy_reset]).toEqual(['first', 'evergreen', 50, true]);
      const typo = withOverrides(loadAllFlags(), 'signin_placement=frist');
      expect(variantFlagProblems(typo, flows.variantFlags!)).toEqual([
        'The flag "signin_placement" is "frist", which is none of its variant’s options: before-zipcode, after-welcome, before-first-private, first.',
      ]);
      expect(() => withOverrides(loadAllFlags(), 'offer_discount=lots')).toThrow('expected a number');
      expect(() => withOverrides(loadAllFlags(), 'offer=Ever Green')).toThrow('expected an option in lower-case-with-dashes');
    });

    it('a broken flow flags file is reported at its line and column', () => {
      const named = compileFlowFlags('offer: none\nsignin-placement: first\n', 'server/flags/flow-flags.yaml');
      expect(named.problems.map(formatDataProblem)).toEqual([
        'server/flags/flow-flags.yaml:2:1  Expected a flow flag name in lower_snake_case, as the flows write it, not "signin-placement".',
      ]);
      const value = compileFlowFlags('offer: Ever Green\n', 'server/flags/flow-flags.yaml');
      expect(value.problems.map(formatDataProblem)).toEqual([
        'server/flags/flow-flags.yaml:1:8  Expected true or false, a number, or an option in lower-case-with-dashes (such as before-first-private).',
      ]);
    });

    it('every page the web app serves carries the flags GET /flags answers, as inert JSON whose values cannot close the element', async () => {
      const database = await createTestDatabase('pglite');
      const webRoot = tempDir('shop-web-flags');
      writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>');
      try {
        const flags = { ...loadAllFlags(), offer: '</script><script>alert(1)</script>' };
        const t = createTestApp(database.db, { config: { webRoot, flags } });
        const page = await t.call('GET', '/consultation/haircare');
        const visitor = /visitor=([^;]*)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
        const block = /<script type="application\/json" id="shop-flags">(.*?)<\/script>/.exec(page.body as string);
        expect(block).not.toBeNull();
        expect(block![1]).not.toContain('<');
        // The same visitor's: their A/B arms included.
        expect(JSON.parse(block![1]!)).toEqual((await t.call('GET', '/flags', { headers: { cookie: `visitor=${visitor}` } })).body);
      } finally {
        await database.destroy();
        removeTempDirs();
      }
    });

    it('GET /flags serves them with the shop’s flags', async () => {
      const database = await createTestDatabase('pglite');
      try {
        const t = createTestApp(database.db);
        const response = await t.call('GET', '/flags');
        expect(flagsSchema.safeParse(response.body).success).toBe(true);
        expect(response.body).toMatchObject({ signin_placement: 'before-first-private', offer: 'none', 'express-checkout': false });
      } finally {
        await database.destroy();
      }
    });
  });
});
