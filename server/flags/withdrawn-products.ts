import type { CatalogueEntry } from '../catalog/catalogue-reader';
import type { Flags } from './load-flags';

/**
 * The products the flags take off sale (spec 001 §9 Feature flags): with `brushes` off, the brush and its variants are
 * neither listed (GET /v1/products/, so no collection, product page or offer shows them) nor sold (a cart refuses them),
 * as a retired product is; orders that name them keep them.
 */
export function withdrawnByFlags(flags: Flags): ((entry: Pick<CatalogueEntry, 'type' | 'parentType'>) => boolean) | undefined {
  if (flags.brushes !== false) return undefined;
  return (entry) => entry.type === 'brush' || entry.parentType === 'brush';
}
