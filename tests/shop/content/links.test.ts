import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { checkCatalogueSource } from '#api/catalogue-file';
import { consultationCategories } from '#api/shared';
import { checkAllPages } from '../../../shop/content/check-content.ts';
import { COLLECTIONS } from '../../../shop/catalog/assembly.ts';

/**
 * No link leads to a page that does not exist (issue 25 point 5): every link written in the product pages' content
 * and in the catalogue goes to a route the app serves, with a parameter that route knows.
 */

// The app's routes, read from the router itself so a route added or removed there is seen here.
const routerSource = readFileSync('app/router.tsx', 'utf8');
// The catch-all '*' draws the 404 page: it serves nothing.
const routePaths = [...routerSource.matchAll(/\['([^']+)',\s*(?:lazy|product)/g)].map((m) => `/${m[1]}`).filter((path) => path !== '/*');

const pageSlugs = new Set(
  readdirSync('shop/content/pages')
    .filter((n) => n.endsWith('.yaml'))
    .map((n) => n.replace(/\.yaml$/, '')),
);

/** What each route's parameter may be for the page to be found (anything else draws the 404 page). */
const served: Record<string, (params: Record<string, string | undefined>) => boolean> = {
  '/products/:slug': ({ slug }) => pageSlugs.has(slug!),
  '/pages/:slug': ({ slug }) => pageSlugs.has(slug!),
  '/collections/:name': ({ name }) => (COLLECTIONS as readonly string[]).includes(name!),
  '/consultation/:category/*': ({ category }) => (consultationCategories as readonly string[]).includes(category!),
  '/checkout/:category/*': ({ category }) => (consultationCategories as readonly string[]).includes(category!),
};

/** Whether the app draws a page (not the 404 page) at `href`. */
function isServed(href: string): boolean {
  const pathname = href.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
  if (pathname === '/') return true;
  for (const route of routePaths) {
    const match = matchPath({ path: route, end: true }, pathname);
    if (!match) continue;
    if (!route.includes(':')) return true;
    const known = served[route];
    if (!known) throw new Error(`Teach this test which values ${route} serves.`);
    if (known(match.params)) return true;
  }
  return false;
}

/** Every link in a page's content: [words](/path) in any text, and the modules' `to` and `ctaTo`. */
function linksIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') for (const m of value.matchAll(/\]\(([^)]+)\)/g)) found.push(m[1]!);
  else if (Array.isArray(value)) value.forEach((v) => linksIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'to' || key === 'ctaTo') && typeof v === 'string') found.push(v);
      else linksIn(v, found);
    }
  }
  return found;
}

describe('links lead to pages that exist (issue 25 point 5)', () => {
  it('the route table is read from the router', () => {
    expect(routePaths).toContain('/products/:slug');
    expect(routePaths).toContain('/collections/:name');
    expect(isServed('/gift')).toBe(true);
    expect(isServed('/gifts')).toBe(false);
    expect(isServed('/blog/leave-in-conditioner-curly')).toBe(false);
    expect(isServed('/products/no-such-product')).toBe(false);
    expect(isServed('/products/brushes?variant=boar')).toBe(true);
  });

  it('every link in the product pages goes to a page the app serves', () => {
    const { pages } = checkAllPages(process.cwd());
    const broken = [...pages].flatMap(([slug, page]) =>
      linksIn(page.modules).flatMap((href) => (href.startsWith('/') && !isServed(href) ? [`${slug}: ${href}`] : [])),
    );
    expect(broken).toEqual([]);
  });

  it("every product page of the catalogue (its cards' and carousels' links) is a page the app serves", () => {
    const { catalogue } = checkCatalogueSource(readFileSync('shop/catalog/products.yaml', 'utf8'), 'shop/catalog/products.yaml');
    const broken = catalogue!.products.flatMap((p) => (p.page_url && !isServed(p.page_url) ? [`${p.type}: ${p.page_url}`] : []));
    expect(broken).toEqual([]);
  });
});
