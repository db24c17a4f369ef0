import { pooledRandom } from './random-pool';

declare module 'hono' {
  interface ContextVariableMap {
    /** This response's CSP nonce: an inline `<script>` or `<style>` of an HTML page needs `nonce="..."` to run. */
    cspNonce: string;
  }
}

/**
 * What Stripe's card element needs, as Stripe's security guide lists it for Stripe.js: its script (js.stripe.com and
 * its subdomains), its frames (the card field's iframe from js.stripe.com, 3-D Secure's from hooks.stripe.com) and
 * calls to its API. Only when Stripe takes the cards: otherwise the shop's pages load nothing from another origin.
 */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/** Which card provider's browser code a page may load: Stripe's, or none (the test provider's tokeniser is the shop's). */
export interface PolicyOptions {
  stripe: boolean;
}

/**
 * The policy of an HTML page. The built index.html has no inline script or style (Vite links the entry and its
 * stylesheet; server/http/route-preloads.ts adds same-origin `<link rel="modulepreload">`/`preload` tags), so 'self'
 * covers it; the nonce admits the few inline blocks the server writes itself (/dev/outbox's `<style>`, a checkout step's early
 * reads script, ./early-requests.ts). React's
 * `style` props go through the CSSOM, which style-src does not govern. The Vite dev server (npm run dev) serves its
 * own index.html without this header: its hot-reload preamble is an inline script.
 */
export function htmlPolicy(nonce: string, options: PolicyOptions = { stripe: false }): string {
  const stripe = (sources: readonly string[]) => (options.stripe ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe(STRIPE_SOURCES.script)}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${stripe(STRIPE_SOURCES.connect)}`,
    ...(options.stripe ? [`frame-src${stripe(STRIPE_SOURCES.frame)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The policy of everything else (JSON, assets): nothing may load, nothing may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const NONCE_BYTES = 16;

/** 128 random bits, base64: a fresh nonce for each response (from the process's pool, ./random-pool.ts). */
export const freshNonce = (): string => pooledRandom(NONCE_BYTES, 'base64');
