import type { Context, MiddlewareHandler } from 'hono';
import { closeIfBodyUnread } from './close-unread-body';
import { API_POLICY, freshNonce, htmlPolicy, type PolicyOptions } from './content-security-policy';
import { assignVisitor, visitorCookie, visitorCookieFits, visitorOf } from './visitor';

/**
 * What every reply says about itself, whatever answered (an operation, a page, a static file, an error): nosniff,
 * no framing, the referrer and cross-origin policies, as helmet and Hono's secureHeaders send them.
 */
const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

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

export interface ResponseHeaderOptions extends PolicyOptions {
  /** Whether X-Forwarded-Proto is the trusted proxy's (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Production: the visitor cookie is Secure. */
  production: boolean;
}

/**
 * Every reply's headers, set in one place after the handler has answered (server/README.md "HTTP headers"):
 * - the security headers above; `Strict-Transport-Security` only over HTTPS (over plain HTTP it would promise what
 *   the site does not do);
 * - a Content-Security-Policy that fits the answer: an HTML page's admits the response's nonce (`c.get('cspNonce')`,
 *   set before the handler runs) and, when Stripe takes the cards, Stripe's script and frames; anything else allows
 *   nothing to load (./content-security-policy.ts);
 * - `Cache-Control: no-store` on `/v1/` answers about people, unless the operation chose its own;
 * - the visitor's id (`visitorOf(c)`, set before the handler runs) as the `visitor` cookie when the browser sent none
 *   of ours, on pages and API answers no shared cache keeps (./visitor.ts);
 * - the order mails' pictures may be embedded by any origin (a webmail's page shows them from its own);
 * - `Connection: close` when the body was left unread (./close-unread-body.ts).
 * One middleware rather than one per header: each layer read and rewrote the answer's headers, and together they were
 * most of a small answer's time (server/help/README.md "Where the target stands").
 */
export function responseHeaders(options: ResponseHeaderOptions): MiddlewareHandler {
  const policy = { stripe: options.stripe };
  return async (c, next) => {
    const nonce = freshNonce();
    c.set('cspNonce', nonce);
    const newVisitor = assignVisitor(c);
    await next();
    const headers = c.res.headers;
    for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
    const path = c.req.path;
    if (path.startsWith('/media/mail/')) headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (isHttps(c, options.trustProxy)) headers.set('Strict-Transport-Security', HSTS);
    const type = headers.get('content-type') ?? '';
    headers.set('Content-Security-Policy', /^text\/html\b/i.test(type) ? htmlPolicy(nonce, policy) : API_POLICY);
    let cacheControl = headers.get('cache-control');
    if (cacheControl === null && path.startsWith('/v1/')) headers.set('Cache-Control', (cacheControl = 'no-store'));
    if (newVisitor && visitorCookieFits(type, cacheControl, c.res.status)) headers.append('Set-Cookie', visitorCookie(visitorOf(c), options.production));
    closeIfBodyUnread(c, headers);
  };
}
