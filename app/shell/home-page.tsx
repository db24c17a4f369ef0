import { useEffect, useState } from 'react';
import type { ProductList } from '#api';
import { HomePage as Home, type FromPrices } from '../../shop/home/home-page';
import { collectionEntries } from '../../shop/catalog/assembly';
import { formatMoney } from '../../shop/catalog/money';
import type { HomeContent } from '../../shop/content/site-schema';
import { loadCatalogue } from '../products/catalogue';
import { reportError } from '../report-error';
import { flagOn } from '../flags';
import { usePageHeadingFocus } from './use-page-heading-focus';

// The home page's checked content (shop/content/site/home.yaml), compiled to JSON at build time; part of this page's chunk.
const content = Object.values(import.meta.glob<HomeContent>('../../shop/content/site/home.yaml', { import: 'default', eager: true }))[0]!;

/** Each collection's lowest price in the shopper's currency (its cards' regular prices), "From $28". */
export function fromPrices(list: ProductList): FromPrices {
  const prices: FromPrices = {};
  for (const { collection } of content.collections.items) {
    const cards = collectionEntries(collection, list.products).flatMap((entry) => (entry.kind === 'product' ? [entry.card] : []));
    if (cards.length === 0) continue;
    const lowest = cards.reduce((low, card) => (card.regularPrice < low.regularPrice ? card : low));
    prices[collection] = formatMoney(lowest.regularPrice, lowest.currency);
  }
  return prices;
}

/** The landing page: the content, with the collections' "from" prices once the catalogue answers (none if it cannot). */
export default function HomeRoute() {
  const heading = usePageHeadingFocus();
  const [prices, setPrices] = useState<FromPrices>({});
  useEffect(() => {
    document.title = content.title;
    let live = true;
    loadCatalogue()
      .then((list) => live && setPrices(fromPrices(list)))
      .catch((error: unknown) => reportError('loading the catalogue for the home page', error));
    return () => {
      live = false;
    };
  }, []);
  return <Home content={content} fromPrices={prices} headingRef={heading} holiday={flagOn('holiday-exclusive-hero')} />;
}
