import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDataTable, readDataFiles } from '../load-data-table.ts';
import { compileCatalogue, type Catalogue, type CatalogueFiles } from './check-catalogue.ts';

export { checkCatalogueSource, compileCatalogue } from './check-catalogue.ts';
export type { Catalogue, CatalogueFiles, CatalogueSource } from './check-catalogue.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const loaded = new Map<string, Catalogue>();

const catalogueFiles = (dir: string) => ({
  haircare: path.join(dir, 'ingredients-haircare.yaml'),
  skincare: path.join(dir, 'ingredients-skincare.yaml'),
  skeletons: path.join(dir, 'skeletons.yaml'),
});

/** Reads the three catalogue files of a folder as they should be printed (relative to the working directory). */
export function readCatalogueFiles(dir = here): CatalogueFiles {
  return readDataFiles(catalogueFiles(dir));
}

/**
 * The ingredient catalogue and product skeletons, read and checked once per process (per folder); a broken
 * catalogue throws with every problem as `file:line:column  message`.
 * @example const { ingredients, skeletons } = loadCatalogue(); ingredients.get('niacinamide')?.pregnancy_safe
 */
export function loadCatalogue(dir = here): Catalogue {
  const cached = loaded.get(dir);
  if (cached) return cached;
  const catalogue = loadDataTable('formulation catalogue', catalogueFiles(dir), (sources) => {
    const compiled = compileCatalogue(sources);
    return { table: compiled.catalogue, problems: compiled.problems };
  });
  loaded.set(dir, catalogue);
  return catalogue;
}
