import { lazy, Suspense } from 'react';
import type { Cart } from '#api';
import { frequencyText } from '#api/shared';
import { PriceLines, type PriceLine } from '../../ui/price-lines';
import { formatMoney } from '../catalog/money';
import { cartAmounts } from '../cart/cart-amounts';
import './order-lines.css';

/**
 * The design system's picture, loaded after the page's first paint (its label drawing is not needed to draw a step):
 * its box is sized already, so nothing moves when it comes.
 */
const ProductPicture = lazy(() => import('../../ui/product-picture').then((m) => ({ default: m.ProductPicture })));

/** The catalogue's card pictures are square (shop/catalog/products.yaml: 600 × 600); an order's line says its own size. */
const CARD_PICTURE = 600;

/** One line as the checkout shows it: its picture, its name (a custom product's carries the shopper's name), quantity and price. */
export interface ShownLine {
  key: string;
  label: string;
  picture: { src: string; width: number; height: number } | null;
  /** Made for the shopper: their name is on its label. */
  custom: boolean;
  quantity: number;
  /** How often it comes back (a subscription), in the shop's words. */
  every: string | null;
  total: string;
}

/** A cart's lines as the server priced them (zero-quantity lines are offers, not lines). */
export function cartLines(cart: Cart): ShownLine[] {
  return cart.items
    .filter((item) => item.quantity > 0)
    .map((item) => ({
      key: `${item.category}:${item.type}:${item.product}`,
      label: item.label,
      picture: item.item_object?.picture_name ? { src: item.item_object.picture_name, width: CARD_PICTURE, height: CARD_PICTURE } : null,
      custom: item.category === 'formula',
      quantity: item.quantity,
      every:
        item.subscription.active && item.subscription.frequency
          ? frequencyText(item.subscription.frequency, { supplements: item.property === 'supplements' })
          : null,
      total: formatMoney(item.total_price, cart.currency),
    }));
}

/**
 * Lines with their pictures (the design system's, in a box of a fixed size so nothing moves as it loads; decorative,
 * the name is beside it; a custom product's with the shopper's `name` on its label), the quantity and how often in
 * words, and the line's price.
 */
export function OrderLines({
  lines,
  name,
  pictureSize = 64,
  pictures = true,
}: {
  lines: readonly ShownLine[];
  name?: string | undefined;
  pictureSize?: number;
  /** Whether to draw pictures (not while the list is folded away: their code and files load when it is shown). */
  pictures?: boolean;
}) {
  return (
    <ul className={pictures ? 'order-lines' : 'order-lines order-lines--plain'}>
      {lines.map((line) => (
        <li key={line.key} className="order-lines__line">
          {pictures ? (
            <span className="thumbnail order-lines__picture" style={{ width: pictureSize, height: pictureSize }}>
              {line.picture ? (
                <Suspense fallback={null}>
                  <ProductPicture
                    src={line.picture.src}
                    alt=""
                    width={line.picture.width}
                    height={line.picture.height}
                    sizes={`${pictureSize}px`}
                    label={line.custom ? name : undefined}
                  />
                </Suspense>
              ) : null}
            </span>
          ) : null}
          <span className="order-lines__name">
            {line.label}
            <span className="order-lines__detail">
              Quantity {line.quantity}
              {line.every ? ` · ${line.every}` : ''}
            </span>
          </span>
          <span className="order-lines__total">{line.total}</span>
        </li>
      ))}
    </ul>
  );
}

/** A cart's totals at checkout, as the server priced them: subtotal, savings, shipping, taxes (its region's), total. */
export function CartPriceLines({ cart }: { cart: Cart }) {
  const money = (n: number) => formatMoney(n, cart.currency);
  const { savings, credit } = cartAmounts(cart);
  const rows: PriceLine[] = [{ label: 'Subtotal', amount: money(cart.total_price) }];
  if (savings > 0) rows.push({ label: 'Subscription savings', amount: `−${money(savings)}`, saving: true });
  for (const coupon of cart.display_coupons) rows.push({ label: `${coupon.label} (${coupon.code})`, amount: `−${money(coupon.amount)}`, saving: true });
  rows.push({ label: 'Shipping', amount: cart.total_shipping === 0 ? 'Free' : money(cart.total_shipping) });
  rows.push({
    label: `Taxes${cart.estimated_taxes !== null && cart.tax_region ? ` (${cart.tax_region})` : ''}`,
    amount: money(cart.estimated_taxes ?? 0),
  });
  const total = { label: 'Total', amount: money(cart.amount_due) };
  // Shop credit pays part of the total (spec 001 §3 Cart gift_cards): the card is charged what is left to pay.
  if (credit > 0)
    return (
      <PriceLines
        rows={[...rows, total, { label: 'Gift card credit', amount: `−${money(credit)}`, saving: true }]}
        total={{ label: 'To pay', amount: money(cart.payment_from_customer) }}
      />
    );
  return <PriceLines rows={rows} total={total} />;
}
