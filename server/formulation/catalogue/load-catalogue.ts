import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDataProblem } from '#engine/compiler';
import { compileCatalogue, type Catalogue, type CatalogueFiles } from './check-catalogue.ts';

export { checkCatalogueSource, compileCatalogue } from './check-catalogue.ts';
export type { Catalogue, CatalogueFiles, CatalogueSource } from './check-catalogue.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const loaded = new Map<string, Catalogue>();

/** Reads the three catalogue files of a folder as they should be printed (relative to the working directory). */
export function readCatalogueFiles(dir = here): CatalogueFiles {
  const read = (name: string) => {
    const file = path.join(dir, name);
    return { file: path.relative(process.cwd(), file), text: readFileSync(file, 'utf8') };
  };
  return { haircare: read('ingredients-haircare.yaml'), skincare: read('ingredients-skincare.yaml'), skeletons: read('skeletons.yaml') };
}

/**
 * The ingredient catalogue and product skeletons, read and checked once per process (per folder); a broken
 * catalogue throws with every problem as `file:line:column  message`.
 * @example const { ingredients, skeletons } = loadCatalogue(); ingredients.get('niacinamide')?.pregnancy_safe
 */
export function loadCatalogue(dir = here): Catalogue {
  const cached = loaded.get(dir);
  if (cached) return cached;
  const { catalogue, problems } = compileCatalogue(readCatalogueFiles(dir));
  if (!catalogue) throw new Error(`The formulation catalogue has ${problems.length} problem(s):\n${problems.map(formatDataProblem).join('\n')}`);
  loaded.set(dir, catalogue);
  return catalogue;
}
