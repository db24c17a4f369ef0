import { defineOperation } from '../http/operation';
import { currencyOf } from '#api/money';

/** Public catalogue data may be kept by the browser for five minutes, then checked again with its ETag. */
const CACHE = 'public, max-age=300';

/**
 * GET /v1/products/?country=: the catalogue in the country's currency (spec 001 §9 Countries), served from memory
 * with an ETag, gzipped once for the browsers that accept it; a matching If-None-Match gets 304.
 */
export const getProducts = defineOperation(
  'getProducts',
  {
    summary: 'The catalogue, priced in the country’s currency',
    tag: 'catalogue',
    responses: { 200: 'The products', 304: 'Not modified', 400: 'validation_error: the country is not a two-letter code' },
  },
  async ({ c, query, services }) => {
    const country = query.country ?? 'US';
    const view = await services.catalogue.view(currencyOf(country), country);
    c.header('Cache-Control', CACHE);
    c.header('Vary', 'Accept-Encoding');
    // Each encoding has its own validator (a strong ETag names exact bytes); either one matches the catalogue.
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    const etag = gzip ? `${view.etag.slice(0, -1)}-gzip"` : view.etag;
    c.header('ETag', etag);
    const known = c.req.header('if-none-match');
    if (known && known.split(/\s*,\s*/).some((tag) => tag === view.etag || tag === `${view.etag.slice(0, -1)}-gzip"` || tag === '*')) return c.body(null, 304);
    if (gzip) return c.body(view.gzipped, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Encoding': 'gzip' });
    return c.body(view.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  },
);

/** GET /v1/cart_sections/: the title of each recommendation section (spec 001 §7 Catalogue), from the catalogue file. */
export const getCartSections = defineOperation(
  'getCartSections',
  { summary: 'The cart’s section titles', tag: 'catalogue', responses: { 200: 'Section name -> title' } },
  async ({ c, services }) => {
    c.header('Cache-Control', CACHE);
    return c.json(services.catalogue.cartSections(), 200);
  },
);
