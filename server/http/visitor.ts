import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { pooledRandom } from './random-pool';

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's visitor id (`visitorOf(c)`): the `visitor` cookie's, or a new one the response sets. */
    visitor: string;
  }
}

/** The first-party cookie that names a browser across visits (A/B arms, tracking): an opaque random key, nothing else. */
export const VISITOR_COOKIE = 'visitor';

/** About two years, in seconds. */
export const VISITOR_MAX_AGE = 2 * 365 * 24 * 60 * 60;

/** 128 random bits in base64url without padding: 22 characters. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new visitor id: 128 random bits, base64url. */
export function newVisitorId(): string {
  return pooledRandom(16, 'base64url');
}

/** True for a value that could be one of our ids (anything else is replaced, never used as a key). */
export function isVisitorId(value: string | undefined): value is string {
  return value !== undefined && VISITOR_ID.test(value);
}

/** The Set-Cookie value for a visitor id. */
export function visitorCookie(id: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${id}; Max-Age=${VISITOR_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Gives the request its visitor id (`visitorOf(c)`): the `visitor` cookie's when it holds one of ours, else a new
 * random one. Answers whether the id is new, so the response sets it (`visitorCookieFits`; ./response-headers.ts).
 */
export function assignVisitor(c: Context): boolean {
  const sent = getCookie(c, VISITOR_COOKIE);
  const known = isVisitorId(sent);
  c.set('visitor', known ? sent : newVisitorId());
  return !known;
}

/** The request's visitor id (an opaque key of 22 base64url characters). */
export function visitorOf(c: Context): string {
  return c.get('visitor');
}

/**
 * Whether a response may set the visitor cookie: a page or an API answer that no shared cache keeps (static files and
 * publicly cacheable answers set none: a shared cache must never hand one visitor's id to another).
 */
export function visitorCookieFits(type: string, cacheControl: string | null, status: number): boolean {
  if (cacheControl !== null && /\bpublic\b|\bimmutable\b/i.test(cacheControl)) return false;
  return type.startsWith('text/html') || type.startsWith('application/json') || type.startsWith('application/problem+json') || status === 204;
}
