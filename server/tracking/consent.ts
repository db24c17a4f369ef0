/**
 * The visitor's analytics consent as the server sees it (spec 001 §9 Consent; shop/consent/README.md): the web app
 * keeps the visitor's choice in the first-party cookie `consent` (730 days), e.g. `v1.CA.ad0.an0.fn1.pe1.se1.<time>`,
 * `an` being analytics storage. Events are recorded only with analytics granted: a cookie saying `an0` drops them
 * (the web app sends none then; this holds for any client). Without a cookie the region's default applies to what
 * the server records by itself (a sign-up): a browser asking in Canadian English (en-CA, fr-CA) is treated as CA,
 * analytics denied; everyone else granted, as the web app's own default (app/shop-country.ts) reads the same language.
 *
 * The server's own events follow the consent of the request they happen in (`consentScope` reads it once; the
 * operations get it in their services, `requestConsent`, so code deep in the money path needs no Context), and a
 * customer's last known consent is kept (`customer_consents`) for the events with no browser behind them (a renewal,
 * a reconciliation, a job run by POST /dev/clock).
 *
 * Not AsyncLocalStorage: on Node 20 it turns on promise hooks for every promise of the process once used (the
 * database's calls too), a few per cent of a search's CPU, and a fifth more of each request promoted by the
 * scavenges (server/help/README.md, "Checked on 29 Nov").
 */
import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Database } from '../db/database';
import { customerConsents } from '../db/schema';

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

/**
 * The request being handled: its consent, and the customers whose last known consent it decided. Those are written
 * after the request's handling, each in a statement of its own: written inside the money path's transaction, the
 * row's lock was taken before the customer's (the shop's first lock), and two orders of one customer deadlocked.
 */
export interface RequestConsent {
  allowed: boolean;
  /** Each customer's id, with the shop's time of the decision. */
  customers: Map<number, Date>;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's consent (consentScope), which the operations' services carry (requestServices). */
    requestConsent: RequestConsent;
  }
}

/**
 * Middleware: the request's consent (serverEventsAllowed), for the operations' services (requestServices); then the
 * last known consent of each customer it decided an event of, kept for the events with no browser behind them. A
 * failure to keep it never fails the answer (it is written again by the customer's next such request).
 */
export function consentScope(db: Database, onKeepFailed: (error: unknown) => void = () => {}): MiddlewareHandler {
  return async (c, next) => {
    const scope: RequestConsent = { allowed: serverEventsAllowed(c), customers: new Map() };
    c.set('requestConsent', scope);
    await next();
    for (const [userId, at] of scope.customers) {
      try {
        await keepConsent(db, userId, scope.allowed, at);
      } catch (error) {
        onKeepFailed(error);
      }
    }
  };
}

/** Keeps `analytics` as the customer's last known consent (one statement; a customer gone since is skipped). */
export async function keepConsent(db: Database, userId: number, analytics: boolean, at: Date): Promise<void> {
  await db.execute(sql`insert into customer_consents (user_id, analytics, at)
    select ${userId}, ${analytics}, ${at.toISOString()}::timestamptz where exists (select 1 from users where id = ${userId})
    on conflict (user_id) do update set analytics = excluded.analytics, at = excluded.at`);
}

/** The services an operation of this request gets: the app's, with the request's consent when consentScope ran. */
export function requestServices<S extends object>(c: Context, services: S): S & { requestConsent?: RequestConsent } {
  const requestConsent = c.get('requestConsent');
  return requestConsent ? { ...services, requestConsent } : services;
}

/**
 * Whether the server may record an event of its own about `userId` now: in a request (`inRequest`, the services'
 * `requestConsent`), that request's consent (kept as the customer's last known consent once the request is handled);
 * with no browser behind it, the customer's last known consent, or `unknown` when none was ever kept.
 */
export async function serverEventsAllowedFor(
  tx: Database,
  userId: number | null,
  now: Date,
  unknown: () => boolean,
  inRequest: RequestConsent | undefined,
): Promise<boolean> {
  if (inRequest !== undefined) {
    if (userId !== null) inRequest.customers.set(userId, now);
    return inRequest.allowed;
  }
  if (userId === null) return unknown();
  const [kept] = await tx.select({ analytics: customerConsents.analytics }).from(customerConsents).where(eq(customerConsents.userId, userId));
  return kept ? kept.analytics : unknown();
}
