import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { Product } from '#api';
import { COLLECTIONS, type CollectionName } from '../../shop/catalog/assembly.ts';
import { CollectionPage, collectionDocumentTitle } from '../../shop/collections/collection-page.tsx';
import NotFoundPage from '../shell/not-found-page.tsx';
import { PageStatus } from '../shell/page-status.tsx';
import { usePageHeadingFocus } from '../shell/use-page-heading-focus.ts';
import { useLoad } from '../use-load.ts';
import { loadCatalogue } from './catalogue.ts';

/** /collections/:name (haircare, skincare, accessories): the collection's cards, or the 404 page for another name. */
export default function CollectionRoute() {
  const name = useParams().name ?? '';
  const known = (COLLECTIONS as readonly string[]).includes(name);
  const catalogue = useLoad(() => loadCatalogue(), [], { enabled: known });
  useEffect(() => {
    if (known) document.title = collectionDocumentTitle(name as CollectionName);
  }, [known, name]);
  if (!known) return <NotFoundPage />;
  if (catalogue.status === 'error')
    return (
      <PageStatus role="alert">
        We could not load the products.{' '}
        <button type="button" onClick={catalogue.retry}>
          Try again
        </button>
      </PageStatus>
    );
  if (catalogue.status === 'loading') return <PageStatus>Loading…</PageStatus>;
  return (
    <div className="page">
      <Collection collection={name as CollectionName} products={catalogue.value.products} />
    </div>
  );
}

/** The loaded collection; its heading takes focus when it appears. */
function Collection({ collection, products }: { collection: CollectionName; products: readonly Product[] }) {
  const heading = usePageHeadingFocus();
  return <CollectionPage collection={collection} products={products} headingRef={heading} />;
}
