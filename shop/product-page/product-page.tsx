import './product-page.css';
import type { Product } from '#api';
import type { PageContent } from '../content/schema.ts';
import { SoldOut, type WaitlistRequest } from './modules/sold-out.tsx';
import { PageModuleView } from './page-modules.tsx';
import { ProductPrice } from './product-price.tsx';

export interface ProductPageProps {
  content: PageContent;
  /** The page's product from the catalogue; undefined while it loads (or for a page that sells nothing itself). */
  product?: Product | undefined;
  /** Joins the waitlist of a sold-out product (the server call, supplied by the app). */
  onJoinWaitlist?: (request: WaitlistRequest) => Promise<void>;
  /** false: the page is not a product's (the skincare landing), so the hero shows no price. */
  priced?: boolean;
  /** Drawn right after the hero: the shopper's own formula of the product, supplied by the app. */
  afterHero?: React.ReactNode;
}

/**
 * A product detail page: its modules in the order its content file lists them, the catalogue's price in the hero,
 * and, when the product is sold out, the notice and the waitlist (spec 001 §2, §4 Products) right after the hero.
 */
export function ProductPage({ content, product, onJoinWaitlist, priced = true, afterHero }: ProductPageProps) {
  const price = priced ? <ProductPrice product={product} /> : null;
  return (
    <article className="product-page">
      {content.modules.map((module, i) => (
        <PageModuleFragment key={`${module.type}-${i}`} module={module} price={price}>
          {module.type === 'hero' && product?.sold_out && onJoinWaitlist ? <SoldOut product={product.type} onJoin={onJoinWaitlist} /> : null}
          {module.type === 'hero' ? afterHero : null}
        </PageModuleFragment>
      ))}
    </article>
  );
}

function PageModuleFragment({ module, price, children }: { module: PageContent['modules'][number]; price: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <PageModuleView module={module} price={price} />
      {children}
    </>
  );
}
