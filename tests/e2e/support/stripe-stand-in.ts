import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';

const here = path.dirname(new URL(import.meta.url).pathname);

/** What the browser asked of Stripe's origins while the stand-in answered them. */
export interface StripeTraffic {
  /** Stripe.js and its card frame, served by the stand-in. */
  served: string[];
  /** Calls to Stripe's API (none are expected: the stand-in makes none); refused here, never sent. */
  api: string[];
  /** Any other request that would have left the machine; refused here, never sent. */
  elsewhere: string[];
}

/**
 * Serves the recorded stand-in for Stripe.js to every page of `context`, as tests/server/stripe-provider.test.ts
 * answers the server's Stripe calls with recorded replies (msw): https://js.stripe.com's script (whatever release
 * @stripe/stripe-js asks for, /v3/ included) is ./stripe-js-stand-in.js and its card frame ./stripe-card-frame.html.
 * Requests to api.stripe.com, or to anywhere else off this machine, are refused in the browser and recorded.
 */
export async function serveStripeStandIn(context: BrowserContext): Promise<StripeTraffic> {
  const traffic: StripeTraffic = { served: [], api: [], elsewhere: [] };
  const script = readFileSync(path.join(here, 'stripe-js-stand-in.js'), 'utf8');
  const frame = readFileSync(path.join(here, 'stripe-card-frame.html'), 'utf8');
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === 'https://js.stripe.com') {
      traffic.served.push(url.pathname);
      if (/^\/(v3|[a-z]+)\/stripe\.js$|^\/v3\/?$/.test(url.pathname))
        return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: script });
      if (url.pathname === '/v3/elements-inner-card.html') return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: frame });
      return route.fulfill({ status: 404, body: '' });
    }
    (url.hostname === 'api.stripe.com' ? traffic.api : traffic.elsewhere).push(`${route.request().method()} ${url.origin}${url.pathname}`);
    return route.abort('blockedbyclient');
  });
  return traffic;
}
