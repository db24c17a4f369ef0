import type { OrderItem } from '#api';
import type { CatalogueReader } from '../catalog/catalogue-reader';

/** A line's picture by its product type: the catalogue's (a variant without its own shows its product's), or null. */
export type PictureOf = (type: string) => OrderItem['picture'];

/** No pictures (an order's view where the catalogue is not at hand). */
export const noPictures: PictureOf = () => null;

/** The catalogue's pictures, read once with its entries (retired products included: old orders name them). */
export async function cataloguePictures(catalogue: Pick<CatalogueReader, 'entries'>): Promise<PictureOf> {
  const entries = await catalogue.entries();
  return (type) => {
    const entry = entries.get(type);
    const picture = entry?.content.picture ?? (entry?.parentType ? entries.get(entry.parentType)?.content.picture : undefined);
    return picture ? { src: picture.src, alt: picture.alt, width: picture.width, height: picture.height } : null;
  };
}
