import type { ProductList } from '#api';
import { loadAppServices } from '../app-services';
import { shopperCountry } from '../shop-country';

export { shopperCountry };

const lists = new Map<string, Promise<ProductList>>();

/**
 * The catalogue in the shopper's currency, fetched once per visit (the server lets the browser keep it five
 * minutes); a failed fetch is forgotten so the next page tries again.
 */
export function loadCatalogue(country = shopperCountry()): Promise<ProductList> {
  let list = lists.get(country);
  if (!list) {
    list = loadAppServices()
      .then(({ api }) => api.getProducts(country))
      .catch((error: unknown) => {
        lists.delete(country);
        throw error;
      });
    lists.set(country, list);
  }
  return list;
}

/** Forgets the fetched catalogues (tests; a shopper whose country changes). */
export function forgetCatalogue(): void {
  lists.clear();
}
