/**
 * @module shop/consent/consent-rules: spec 001 §9 Consent as data, no DOM: the five storage purposes, each region's
 * defaults (CA: ad and analytics storage denied, functionality, personalization and security granted; US and every
 * other region: all granted), how long a choice is kept (730 days), and the `consent` cookie's text
 * (`v1.CA.ad0.an1.fn1.pe1.se1.<seconds>`), which the server reads too (server/tracking/consent.ts).
 */

/** The storage purposes a visitor consents to (the names of the consent mode the spec's defaults speak of). */
export const CONSENT_PURPOSES = ['ad_storage', 'analytics_storage', 'functionality_storage', 'personalization_storage', 'security_storage'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentState = Record<ConsentPurpose, boolean>;

/** The regions with their own defaults; every other country uses `default`. */
export type ConsentRegion = 'CA' | 'US' | 'default';

/** §9: "Stored consent lasts 730 days." */
export const CONSENT_DAYS = 730;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_DAYS * 24 * 60 * 60;

/** The cookie's name (shared with the server). */
export const CONSENT_COOKIE = 'consent';

const allGranted: ConsentState = {
  ad_storage: true,
  analytics_storage: true,
  functionality_storage: true,
  personalization_storage: true,
  security_storage: true,
};

/** §9: CA denies ad and analytics storage by default; US and Default grant everything. */
export function defaultConsent(region: ConsentRegion): ConsentState {
  return region === 'CA' ? { ...allGranted, ad_storage: false, analytics_storage: false } : { ...allGranted };
}

/** The region of a country code (the shop's country, app/shop-country.ts). */
export function regionOf(country: string): ConsentRegion {
  return country === 'CA' ? 'CA' : country === 'US' ? 'US' : 'default';
}

/** Whether the visitor must be asked: a region whose defaults deny something, and no choice kept. */
export function mustAsk(region: ConsentRegion, kept: KeptConsent | null): boolean {
  if (kept) return false;
  return Object.values(defaultConsent(region)).includes(false);
}

/** A choice as kept: the state, the region it was made in, and when (seconds since 1970). */
export interface KeptConsent {
  state: ConsentState;
  region: ConsentRegion;
  at: number;
}

const CODES: Record<ConsentPurpose, string> = {
  ad_storage: 'ad',
  analytics_storage: 'an',
  functionality_storage: 'fn',
  personalization_storage: 'pe',
  security_storage: 'se',
};

/** The cookie's text for a choice: `v1.<region>.ad0.an1.fn1.pe1.se1.<seconds>`. */
export function encodeConsent(kept: KeptConsent): string {
  const bits = CONSENT_PURPOSES.map((p) => `${CODES[p]}${kept.state[p] ? 1 : 0}`);
  return ['v1', kept.region, ...bits, String(Math.floor(kept.at))].join('.');
}

/**
 * A kept choice read back, or null when there is none, it is unreadable, or it is older than 730 days (the cookie's
 * own expiry does the same; this also covers a clock put back or a cookie copied by hand).
 */
export function decodeConsent(text: string | null | undefined, nowSeconds: number): KeptConsent | null {
  const parts = (text ?? '').split('.');
  if (parts.length !== 8 || parts[0] !== 'v1') return null;
  const region = parts[1] as ConsentRegion;
  if (!['CA', 'US', 'default'].includes(region)) return null;
  const state = {} as ConsentState;
  for (const [index, purpose] of CONSENT_PURPOSES.entries()) {
    const match = new RegExp(`^${CODES[purpose]}([01])$`).exec(parts[index + 2] ?? '');
    if (!match) return null;
    state[purpose] = match[1] === '1';
  }
  const at = Number(parts[7]);
  if (!Number.isInteger(at) || at > nowSeconds + 60 || nowSeconds - at > CONSENT_MAX_AGE_SECONDS) return null;
  // Security storage is never refused: the shop cannot run without it.
  return { state: { ...state, security_storage: true }, region, at };
}

/** What is in force: the kept choice, else the region's defaults. */
export function consentInForce(region: ConsentRegion, kept: KeptConsent | null): ConsentState {
  return kept ? kept.state : defaultConsent(region);
}
