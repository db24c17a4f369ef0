import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ConsultationPage } from '../profile/profile-flows';
import { createRoutePreloads } from './route-preloads';
import { earlyRequestsTag } from './early-requests';
import type { Flags } from '../flags/load-flags';

/** Paths that belong to the API, never to the web app: they are not answered with index.html. */
export const API_PREFIXES = ['/v1', '/v2', '/dev', '/healthz', '/openapi.json', '/flags'];

/** True when a path is the API's (so an unknown one is a JSON 404, not the web app). */
export function isApiPath(requestPath: string): boolean {
  return API_PREFIXES.some((prefix) => requestPath === prefix || requestPath.startsWith(`${prefix}/`));
}

/**
 * Serves the built web app: hashed /assets with a year's cache, other files revalidated, index.html for any
 * other GET, with preloads for the page's lazy code (`pageOf`: which texts of a flow a page shows first, and whether it is the results page)
 * and, on a checkout step, the API reads its first paint waits for, sent early (./early-requests.ts). Every page
 * carries the shop's feature flags, the very object GET /flags answers with for this visitor (`flagsOf`: their A/B
 * arms, `flagsTag`): the first step of a consultation chooses its variants without waiting for a request (app/flags.ts).
 */
export function mountWebApp(
  app: Hono,
  root: string,
  pageOf?: (path: string) => ConsultationPage | undefined,
  flagsOf: (c: Context) => Flags = () => ({}),
): void {
  const absoluteRoot = path.resolve(root);
  // The build writes .br and .gz beside each asset (scripts/precompress-plugin.ts); they are sent when the browser accepts them.
  const files = serveStatic({ root: absoluteRoot, precompressed: true });
  const preloads = createRoutePreloads(absoluteRoot, pageOf);
  app.use('*', async (c, next) => {
    // The route preload table and other dot-files are for the server, not the web.
    if (isApiPath(c.req.path) || c.req.path.startsWith('/.')) return next();
    // A folder's path ("/") is a page: it gets the page's flags and preloads below, not the bare index.html.
    if (c.req.path.endsWith('/')) return next();
    const served = await files(c, async () => undefined);
    if (!served) return next();
    served.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return served;
  });
  app.get('*', async (c, next) => {
    // A missing hashed asset is a real 404: answering it with HTML would break the page in confusing ways.
    if (isApiPath(c.req.path) || c.req.path.startsWith('/assets/')) return next();
    let html: string;
    try {
      html = await readFile(path.join(absoluteRoot, 'index.html'), 'utf8');
    } catch {
      return c.text('The web app is not built yet: run `npm run build`.', 503);
    }
    // The page carries this visitor's flags (their A/B arms): revalidated, and kept by no shared cache.
    c.header('Cache-Control', 'private, no-cache');
    // The early reads go first in the head: an inline script after the stylesheet would wait for it to load.
    const early = earlyRequestsTag(c.req.path, c.get('cspNonce'));
    const withEarly = early && /<head>/i.test(html) ? html.replace(/<head>/i, (head) => `${head}${early}`) : injectIntoHead(html, early);
    return c.html(injectIntoHead(withEarly, `${flagsTag(flagsOf(c))}${preloads(c.req.path)}`));
  });
}

/**
 * The flags as a JSON data block (`<script type="application/json" id="shop-flags">`): the browser runs none of it,
 * so no CSP nonce is needed, and `<` is escaped so no flag value can close the element.
 */
export function flagsTag(flags: Flags): string {
  return `<script type="application/json" id="shop-flags">${JSON.stringify(flags).replace(/</g, '\\u003c')}</script>`;
}

/** Puts tags at the end of the head (or, in a page without one, first: the parser places them in the head). */
function injectIntoHead(html: string, tags: string): string {
  if (!tags) return html;
  if (html.includes('</head>')) return html.replace('</head>', `${tags}</head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}
