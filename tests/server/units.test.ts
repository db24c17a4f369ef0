import { describe, expect, it } from 'vitest';
import { normalizePostalCode } from '../../server/account/postal-code';
import { signJwt, verifyJwt } from '../../server/identity/jwt';
import { furtherStatus, mergeStatuses } from '../../server/profile/consultation-status';
import zipcodes from 'zipcodes';
import { countryOf, locateZipcode, registryLoadedBy, zipcodeRegistry } from '../../server/profile/locate-zipcode';
import { honoPath } from '../../server/http/mount-operations';
import { openApiPath } from '../../server/system/openapi-document';
import { readSettings } from '../../server/read-settings';

describe('access tokens (HS256 JWT)', () => {
  const secret = 's'.repeat(40);
  const claims = { sub: 'abc', guest: false, sid: 'session', iat: 1000, exp: 1900 };

  it('round-trips until exp, then expires', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, secret, 1899)).toEqual(claims);
    expect(verifyJwt(token, secret, 1900)).toBeNull();
  });

  it('refuses another key, a changed payload, and other algorithms', () => {
    const token = signJwt(claims, secret);
    expect(verifyJwt(token, 'x'.repeat(40), 1000)).toBeNull();
    const [header, , signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'other' })).toString('base64url');
    expect(verifyJwt(`${header}.${changed}.${signature}`, secret, 1000)).toBeNull();
    const hs512 = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    expect(verifyJwt(`${hs512}.${token.split('.')[1]}.${signature}`, secret, 1000)).toBeNull();
    expect(verifyJwt('', secret, 1000)).toBeNull();
  });

  it('the web client can read exp from the payload (base64url JSON)', () => {
    const payload = JSON.parse(Buffer.from(signJwt(claims, secret).split('.')[1]!, 'base64url').toString());
    expect(payload.exp).toBe(1900);
  });
});

describe('consultation status order (spec 000 §4.1)', () => {
  it('only moves forward', () => {
    expect(furtherStatus(undefined, 'draft')).toBe('draft');
    expect(furtherStatus('draft', 'completed')).toBe('completed');
    expect(furtherStatus('completed', 'draft')).toBe('completed');
    expect(furtherStatus('completed', 'not_started')).toBe('completed');
    expect(furtherStatus('bogus', 'bogus')).toBe('not_started');
    expect(mergeStatuses({ haircare: 'completed', skincare: 'not_started' }, { haircare: 'draft', skincare: 'draft' })).toEqual({
      haircare: 'completed',
      skincare: 'draft',
    });
  });
  it('a stored key named like an Object.prototype member stays an ordinary key (issue 10, defect 4)', () => {
    const merged = mergeStatuses(JSON.parse('{"__proto__": "draft"}'), JSON.parse('{"__proto__": "completed", "constructor": "draft"}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.entries(merged)).toEqual([
      ['__proto__', 'completed'],
      ['constructor', 'draft'],
    ]);
  });
});

describe('zip and postal codes', () => {
  it('normalises US ZIP and Canadian postal codes, and refuses the other country’s', () => {
    expect(normalizePostalCode(' 10001 ', 'US')).toBe('10001');
    expect(normalizePostalCode('100011234', 'US')).toBe('10001-1234');
    expect(normalizePostalCode('m5v3l9', 'CA')).toBe('M5V 3L9');
    expect(normalizePostalCode('M5V-3L9', 'CA')).toBe('M5V 3L9');
    expect(normalizePostalCode('10001', 'CA')).toBeNull();
    expect(normalizePostalCode('D5V 3L9', 'CA')).toBeNull(); // D is not used in Canadian codes
  });

  it('reads profile_country in its usual spellings', () => {
    expect(countryOf('us')).toBe('US');
    expect(countryOf('Canada')).toBe('CA');
    expect(countryOf('FR')).toBeNull();
    expect(countryOf(3)).toBeNull();
  });

  it('locates ZIP codes, ZIP+4 and postal codes; infers the country when it is not given', async () => {
    expect(await locateZipcode('10001-0001', null)).toMatchObject({ country: 'US', city: 'New York', region: 'NY' });
    expect(await locateZipcode('H2X 1Y4', null)).toMatchObject({ country: 'CA', region: 'QC', city: 'Plateau Mont-royal Southeast' });
    expect(await locateZipcode('v6b1a1', 'CA')).toMatchObject({ zipcode: 'V6B 1A1', region: 'BC' });
    // Half a postal code is not one the shop keeps (engine/runtime/postal-code.ts), so it is not looked up either.
    expect(await locateZipcode('V6B', 'CA')).toBeNull();
    expect(await locateZipcode('10001', 'CA')).toBeNull();
    expect(await locateZipcode('99999', 'US')).toBeNull();
  });

  it('reads the registry from its data files as JSON, every code as the zipcodes package gives it', async () => {
    const lookup = await zipcodeRegistry();
    // Parsed as text rather than evaluated (a quarter of the time); a package whose files changed shape falls back to
    // importing it, and this fails so that the slower load is seen.
    expect(registryLoadedBy).toBe('data files');
    const keys = Object.keys(zipcodes.codes);
    expect(keys.length).toBeGreaterThan(40_000);
    expect(keys.filter((key) => JSON.stringify(lookup(key)) !== JSON.stringify(zipcodes.lookup(key)))).toEqual([]);
    expect(lookup('toString')).toBeUndefined();
    expect(lookup('00000')).toBeUndefined();
  });
});

describe('routing', () => {
  it('turns declared paths into Hono routes and OpenAPI paths', () => {
    expect(honoPath('/v1/account/addresses/:pubkey')).toBe('/v1/account/addresses/:pubkey');
    expect(honoPath('/v1/account/')).toBe('/v1/account');
    expect(honoPath('/')).toBe('/');
    expect(openApiPath('/v1/stylists/:public_slug')).toBe('/v1/stylists/{public_slug}');
    expect(openApiPath('/v1/account/hair_profile/')).toBe('/v1/account/hair_profile/');
  });
});

describe('settings from the environment', () => {
  it('has the documented defaults', () => {
    const settings = readSettings({}, '/srv/shop');
    expect(settings).toMatchObject({
      port: 3000,
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      production: false,
      rateLimits: true,
      webRoot: '/srv/shop/dist',
      flowsDir: '/srv/shop/flows',
    });
  });

  it('reads every variable and refuses nonsense', () => {
    const settings = readSettings(
      {
        PORT: '8080',
        DATA_DIR: '/var/shop',
        DATABASE_URL: 'postgres://x/y',
        SMTP_URL: 'smtp://m:25',
        PUBLIC_URL: 'https://shop.example/',
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        SECRET_KEY: 'k',
        TRUST_PROXY: '1',
        RATE_LIMITS: 'off',
      },
      '/srv/shop',
    );
    expect(settings).toMatchObject({
      port: 8080,
      dataDir: '/var/shop',
      databaseUrl: 'postgres://x/y',
      smtpUrl: 'smtp://m:25',
      publicUrl: 'https://shop.example',
      production: true,
      secretKey: 'k',
      trustProxy: true,
      rateLimits: false,
    });
    expect(() => readSettings({ PORT: 'http' })).toThrow('PORT must be a port number');
    expect(() => readSettings({ PUBLIC_URL: 'shop' })).toThrow('PUBLIC_URL must be an absolute URL');
  });
});
