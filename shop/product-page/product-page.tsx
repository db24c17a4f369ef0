import './product-page.css';
import type { ReactNode } from 'react';
import type { PageContent } from '../content/schema.ts';
import { PageModuleView } from './page-modules.tsx';

/**
 * The product's price for the hero. The catalogue fills this in; until then there is no price and
 * nothing is drawn (never a hard-coded one).
 */
export function useProductPrice(slug: string): ReactNode {
  void slug;
  return null;
}

/** A product detail page: its modules in the order its content file lists them. */
export function ProductPage({ content, price }: { content: PageContent; price?: ReactNode }) {
  return (
    <article className="product-page">
      {content.modules.map((module, i) => (
        <PageModuleView key={`${module.type}-${i}`} module={module} price={price} />
      ))}
    </article>
  );
}
