/**
 * The visitor's analytics consent as the server sees it (spec 001 §9 Consent; shop/consent/README.md): the web app
 * keeps the visitor's choice in the first-party cookie `consent` (730 days), e.g. `v1.CA.ad0.an0.fn1.pe1.se1.<time>`,
 * `an` being analytics storage. Events are recorded only with analytics granted: a cookie saying `an0` drops them
 * (the web app sends none then; this holds for any client). Without a cookie the region's default applies to what
 * the server records by itself (a sign-up): a browser asking in Canadian English (en-CA, fr-CA) is treated as CA,
 * analytics denied; everyone else granted, as the web app's own default (app/shop-country.ts) reads the same language.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

export const CONSENT_COOKIE = 'consent';

/** The cookie's analytics choice: true, false, or null when there is no readable cookie. */
export function analyticsChoice(c: Context): boolean | null {
  const value = getCookie(c, CONSENT_COOKIE);
  if (!value?.startsWith('v1.')) return null;
  const bit = value.split('.').find((part) => /^an[01]$/.test(part));
  return bit ? bit === 'an1' : null;
}

/** True when events a client sent may be recorded: unless the visitor's cookie denies analytics. */
export function clientEventsAllowed(c: Context): boolean {
  return analyticsChoice(c) !== false;
}

/** True when the server may record an event of its own for this request: the cookie's choice, else the region's default. */
export function serverEventsAllowed(c: Context): boolean {
  const choice = analyticsChoice(c);
  if (choice !== null) return choice;
  const language = (c.req.header('accept-language') ?? '').split(',')[0]?.trim() ?? '';
  return !/^[a-z]{2,3}-CA\b/i.test(language);
}
