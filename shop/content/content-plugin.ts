import path from 'node:path';
import type { Plugin } from 'vite';
import { formatDataProblem } from '#engine/compiler';
import { checkPageSource, checkSiteSource } from './check-content.ts';
import { sitePages, type SitePage } from './site-schema.ts';

const pageFile = /[\\/]shop[\\/]content[\\/]pages[\\/][^\\/]+\.yaml$/;
const siteFile = /[\\/]shop[\\/]content[\\/]site[\\/]([^\\/]+)\.yaml$/;

/**
 * Compiles a product page file (shop/content/pages/<slug>.yaml) into its checked content as JSON at
 * build time, so the browser ships no YAML parser; each page is its own chunk, loaded with the page
 * (shop/product-page/page-content.ts). A broken page fails the build, and shows in the dev overlay, at
 * its file:line:column; an edited page hot-reloads in dev like any module.
 */
export function contentPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'shop-product-pages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      const site = siteFile.exec(file)?.[1];
      if (!pageFile.test(file) && !(site && site in sitePages)) return null;
      const relative = path.relative(root, file).split(path.sep).join('/');
      const { page, problems } = site ? checkSiteSource(site as SitePage, code, relative) : checkPageSource(code, relative);
      if (!page) {
        const first = problems[0]!.location;
        this.error({
          message: `The page ${relative} has ${problems.length} problem(s):\n\n${problems.map(formatDataProblem).join('\n')}`,
          id: file,
          loc: { file, line: first.line, column: first.column - 1 },
        });
      }
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(page))});`, map: { mappings: '' } };
    },
  };
}
