import type { Context, MiddlewareHandler } from 'hono';

const HSTS = 'max-age=15552000; includeSubDomains';

/** True when the client reached the site over HTTPS: a TLS socket, or, behind a trusted proxy, X-Forwarded-Proto: https (last hop). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  // The URL's scheme, read without parsing the URL: every reply asks.
  if (c.req.url.startsWith('https:')) return true;
  if (!trustProxy) return false;
  const hops = (c.req.header('x-forwarded-proto') ?? '')
    .split(',')
    .map((hop) => hop.trim().toLowerCase())
    .filter(Boolean);
  return hops.at(-1) === 'https';
}

/** Strict-Transport-Security on replies sent over HTTPS only (over plain HTTP it would promise what the site does not do). */
export function strictTransportSecurity(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isHttps(c, trustProxy)) c.res.headers.set('Strict-Transport-Security', HSTS);
  };
}
