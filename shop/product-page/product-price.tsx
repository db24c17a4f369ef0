import { formatMoney } from '../catalog/money.ts';
import type { Product } from '#api';
import { lowestVariantPrice } from '../catalog/assembly.ts';
import type { Variant } from './chosen-variant.ts';

/**
 * The hero's price (spec 001 §3 Product, §9): the chosen variant's when the product has variants (the boar bristle
 * brush 78, the others 72; without a choice the lowest), else the price, and for a subscribable product the
 * subscription price and its saving; the size under it. Until the catalogue arrives the line keeps its height, so
 * nothing below it moves.
 */
export function ProductPrice({ product, variant }: { product: Product | undefined; variant?: Variant | undefined }) {
  if (!product) return <p className="pp-price pp-price--pending" aria-hidden="true" />;
  const price = variant?.price ?? (product.variants.length > 0 ? lowestVariantPrice(product.variants) : product.price);
  const saving = Math.round(product.subscription_discount * 100);
  return (
    <p className="pp-price">
      <span className="pp-price__amount" aria-live="polite">
        {formatMoney(price, product.currency)}
        {variant ? <span className="visually-hidden"> for the {variant.label}</span> : null}
      </span>
      {product.is_subscribable && product.subscribed_price < price ? (
        <span className="pp-price__subscription">
          {' '}
          or {formatMoney(product.subscribed_price, product.currency)} with a subscription (save {saving}%)
        </span>
      ) : null}
      {product.capacity ? <span className="pp-price__size">{product.capacity}</span> : null}
    </p>
  );
}
