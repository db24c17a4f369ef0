import './product-page.css';
import type { Product } from '#api';
import type { PageContent } from '../content/schema.ts';
import { SoldOut, type WaitlistRequest } from './modules/sold-out.tsx';
import { PageModuleView } from './page-modules.tsx';
import { ProductPrice } from './product-price.tsx';
import { BuyBox, type Purchase } from './buy-box.tsx';
import { useChosenVariant } from './chosen-variant.ts';

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
  /**
   * true while what is drawn after the hero is still loading: the modules after the hero wait for it, so when it
   * arrives it pushes nothing on screen down (no layout shift); they follow it.
   */
  holdAfterHero?: boolean;
  /**
   * How the shopper buys a ready-made product (an accessory) from its page, supplied by the app: the buy box follows
   * the hero. Custom products are bought from the consultation's cart instead.
   */
  purchase?: Purchase | undefined;
}

/**
 * A product detail page: its modules in the order its content file lists them, the catalogue's price in the hero (the
 * chosen variant's), for an accessory the buy box right after the hero, and, when the product is sold out, the notice
 * and the waitlist (spec 001 §2, §4 Products).
 */
export function ProductPage({ content, product, onJoinWaitlist, priced = true, afterHero, holdAfterHero = false, purchase }: ProductPageProps) {
  const chosen = useChosenVariant(product);
  const price = priced ? <ProductPrice product={product} variant={chosen.variant} /> : null;
  const buy =
    content.addToCart && priced && product && !product.is_custom && purchase ? (
      <BuyBox product={product} variant={chosen.variant} onChoose={chosen.choose} purchase={purchase} />
    ) : null;
  const hero = content.modules.findIndex((module) => module.type === 'hero');
  const shown = holdAfterHero && hero >= 0 ? content.modules.slice(0, hero + 1) : content.modules;
  return (
    <article className="product-page">
      {shown.map((module, i) => (
        <PageModuleFragment key={`${module.type}-${i}`} module={module} price={price}>
          {module.type === 'hero' ? buy : null}
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
