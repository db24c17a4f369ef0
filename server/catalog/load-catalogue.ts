import path from 'node:path';
import { checkCatalogueSource, type Catalogue } from '#api/catalogue-file';
import { loadDataFile } from '../formulation/load-data-table';

/** The catalogue editors keep (spec 001 §9), relative to the working directory the server runs in. */
export const CATALOGUE_FILE = path.resolve('shop/catalog/products.yaml');

const loaded = new Map<string, Catalogue>();

/**
 * The checked catalogue file, read once per path; a broken file stops the start with every problem at
 * file:line:column (the same check as `npm run content:check`).
 * @example const catalogue = loadCatalogue()
 */
export function loadCatalogue(file = CATALOGUE_FILE): Catalogue {
  const kept = loaded.get(file);
  if (kept) return kept;
  const catalogue = loadDataFile('catalogue', file, (text, shown) => {
    const checked = checkCatalogueSource(text, shown);
    return { table: checked.catalogue, problems: checked.problems };
  });
  loaded.set(file, catalogue);
  return catalogue;
}
