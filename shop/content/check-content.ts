import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean, readDataSource, type DataProblem } from '#engine/compiler';
import type { z } from 'zod';
import { moduleTypes, pageSchema, type PageContent } from './schema.ts';
import { sitePages, type SitePage } from './site-schema.ts';

/** The folder the page files live in, relative to the repository root. */
export const pagesDir = 'shop/content/pages';

/**
 * Reads one page file's text (printed as `file`) into checked content, or every problem at its
 * file:line:column; an unknown module `type` gets a "did you mean" and the page's slug must match its file name.
 * @example const { page, problems } = checkPageSource(text, 'shop/content/pages/custom-conditioner.yaml')
 */
export function checkPageSource(text: string, file: string): { page?: PageContent; problems: DataProblem[] } {
  const source = readDataSource(text, file, pageSchema);
  const problems = source.problems.map((problem) => withSuggestion(problem, text));
  const slug = file
    .split('/')
    .pop()!
    .replace(/\.yaml$/, '');
  if (source.data && source.data.product !== slug) {
    problems.push({ location: source.at(['product']), message: `Expected the product slug to match the file name "${slug}".` });
  }
  return problems.length > 0 ? { problems } : { page: source.data, problems };
}

/** A wrong module type: name the closest known one. */
function withSuggestion(problem: DataProblem, text: string): DataProblem {
  if (!/discriminator|Invalid input/.test(problem.message)) return problem;
  const line = text.split('\n')[problem.location.line - 1] ?? '';
  const found = /type:\s*['"]?([\w-]+)/.exec(line)?.[1];
  if (!found) return problem;
  const guess = didYouMean(found, moduleTypes);
  return { ...problem, message: `Unknown module type "${found}".${guess ? ` Did you mean "${guess}"?` : ''} Expected one of: ${moduleTypes.join(', ')}.` };
}

/**
 * Checks every page file under `root`/shop/content/pages: the pages by slug, or every problem.
 * @example const { pages, problems } = checkAllPages(process.cwd())
 */
export function checkAllPages(root: string): { pages: Map<string, PageContent>; problems: DataProblem[] } {
  const pages = new Map<string, PageContent>();
  const problems: DataProblem[] = [];
  for (const name of readdirSync(join(root, pagesDir))
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const file = `${pagesDir}/${name}`;
    const result = checkPageSource(readFileSync(join(root, file), 'utf8'), file);
    problems.push(...result.problems);
    if (result.page) pages.set(result.page.product, result.page);
  }
  return { pages, problems };
}

/** The folder of the shop's own pages (the home page, the gift card page). */
export const siteDir = 'shop/content/site';

/**
 * Reads one of the shop's own pages (shop/content/site/home.yaml, gift.yaml) into checked content, or every problem
 * at its file:line:column.
 * @example const { page, problems } = checkSiteSource('home', text, 'shop/content/site/home.yaml')
 */
export function checkSiteSource<P extends SitePage>(name: P, text: string, file: string): { page?: z.infer<(typeof sitePages)[P]>; problems: DataProblem[] } {
  const source = readDataSource(text, file, sitePages[name] as unknown as z.ZodType<z.infer<(typeof sitePages)[P]>>);
  return source.problems.length > 0 ? { problems: source.problems } : { page: source.data, problems: [] };
}

/** Checks every site page under `root`: each is a known page name with its schema. */
export function checkAllSitePages(root: string): DataProblem[] {
  const problems: DataProblem[] = [];
  for (const name of readdirSync(join(root, siteDir))
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const file = `${siteDir}/${name}`;
    const page = name.replace(/\.yaml$/, '');
    if (!(page in sitePages)) {
      problems.push({
        location: { file, line: 1, column: 1, length: 1 },
        message: `Unknown site page "${page}": expected one of ${Object.keys(sitePages).join(', ')}.`,
      });
      continue;
    }
    problems.push(...checkSiteSource(page as SitePage, readFileSync(join(root, file), 'utf8'), file).problems);
  }
  return problems;
}
