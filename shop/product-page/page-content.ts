import type { PageContent } from '../content/schema.ts';

// Each page file is compiled to JSON at build time (shop/content/content-plugin.ts) and is its own chunk.
const loaders = import.meta.glob<PageContent>('../content/pages/*.yaml', { import: 'default' });

/**
 * The checked content of the page for `slug`, loaded on demand, or undefined when no page has that slug.
 * @example const content = await loadPageContent('custom-conditioner')
 */
export async function loadPageContent(slug: string): Promise<PageContent | undefined> {
  const load = loaders[`../content/pages/${slug}.yaml`];
  return load ? await load() : undefined;
}
