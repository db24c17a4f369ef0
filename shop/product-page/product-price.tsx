import { formatMoney } from '../catalog/money.ts';
import type { Product } from '#api';
import { lowestVariantPrice } from '../catalog/assembly.ts';

/**
 * The hero's price (spec 001 §3 Product, §9): the price, and for a subscribable product the subscription price and
 * its saving; the size under it. Until the catalogue arrives the line keeps its height, so nothing below it moves.
 */
export function ProductPrice({ product }: { product: Product | undefined }) {
  if (!product) return <p className="pp-price pp-price--pending" aria-hidden="true" />;
  const price = product.type === 'brush' ? lowestVariantPrice(product.variants) : product.price;
  const saving = Math.round(product.subscription_discount * 100);
  return (
    <p className="pp-price">
      <span className="pp-price__amount">{formatMoney(price, product.currency)}</span>
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
