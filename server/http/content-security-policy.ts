import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    /** This response's CSP nonce: an inline `<script>` or `<style>` of an HTML page needs `nonce="..."` to run. */
    cspNonce: string;
  }
}

/**
 * The policy of an HTML page. The built index.html has no inline script or style (Vite links the entry and its
 * stylesheet; server/http/route-preloads.ts adds same-origin `<link rel="modulepreload">`/`preload` tags), so 'self'
 * covers it; the nonce admits the few inline blocks the server writes itself (/dev/outbox's `<style>`, a checkout step's early
 * reads script, ./early-requests.ts). React's
 * `style` props go through the CSSOM, which style-src does not govern. The Vite dev server (npm run dev) serves its
 * own index.html without this header: its hot-reload preamble is an inline script.
 */
export function htmlPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The policy of everything else (JSON, assets): nothing may load, nothing may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * 128 random bits, base64: a fresh nonce for each response. Drawn from a pool filled 256 nonces at a time, since
 * every response (JSON included) gets one and a system call per request showed in `npm run load`'s profile.
 */
export function freshNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    used = 0;
  }
  const nonce = pool.toString('base64', used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

/** Sets a fresh nonce for the handler, then the policy that fits what it answered (HTML page or not). */
export const contentSecurityPolicy: MiddlewareHandler = async (c, next) => {
  const nonce = freshNonce();
  c.set('cspNonce', nonce);
  await next();
  const html = /^text\/html\b/i.test(c.res.headers.get('content-type') ?? '');
  c.res.headers.set('Content-Security-Policy', html ? htmlPolicy(nonce) : API_POLICY);
};
