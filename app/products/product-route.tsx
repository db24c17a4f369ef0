import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { PageContent } from '../../shop/content/schema.ts';
import NotFoundPage from '../shell/not-found-page.tsx';
import { PageStatus } from '../shell/page-status.tsx';
import { loadPageContent } from '../../shop/product-page/page-content.ts';
import { ProductPage, useProductPrice } from '../../shop/product-page/product-page.tsx';

/** /products/:slug: the product's page, its title and meta description, or the friendly 404 for an unknown slug. */
export default function ProductRoute() {
  const slug = useParams().slug ?? '';
  const [state, setState] = useState<{ slug: string; content?: PageContent | undefined }>();
  const price = useProductPrice(slug);
  useEffect(() => {
    let current = true;
    void loadPageContent(slug).then((content) => current && setState({ slug, content }));
    return () => {
      current = false;
    };
  }, [slug]);
  useEffect(() => {
    if (!state?.content) return;
    document.title = state.content.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', state.content.metaDescription);
  }, [state]);
  if (state?.slug !== slug) return <PageStatus>Loading…</PageStatus>;
  return state.content ? <ProductPage content={state.content} price={price} /> : <NotFoundPage />;
}
