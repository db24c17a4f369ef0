import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';

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
  return randomBytes(16).toString('base64url');
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
 * Gives every request a visitor id (`visitorOf(c)`): the `visitor` cookie's when it holds one of ours, else a new
 * random one, which a page or API response then sets (HttpOnly, SameSite=Lax, Secure in production, two years). Static
 * files and publicly cacheable answers set no cookie: a shared cache must never hand one visitor's id to another.
 */
export function visitorId({ secure }: { secure: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const sent = getCookie(c, VISITOR_COOKIE);
    const known = isVisitorId(sent);
    c.set('visitor', known ? sent : newVisitorId());
    await next();
    if (known || !mayCarryCookie(c.res)) return;
    try {
      c.res.headers.append('Set-Cookie', visitorCookie(c.var.visitor, secure));
    } catch {
      // a response with immutable headers (none of ours) goes without: the next one sets it
    }
  };
}

/** The request's visitor id (an opaque key of 22 base64url characters). */
export function visitorOf(c: Context): string {
  return c.var.visitor;
}

/** A page or an API answer that no shared cache keeps. */
function mayCarryCookie(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  const cache = response.headers.get('cache-control') ?? '';
  if (/\bpublic\b|\bimmutable\b/i.test(cache)) return false;
  return type.startsWith('text/html') || type.startsWith('application/json') || type.startsWith('application/problem+json') || response.status === 204;
}
