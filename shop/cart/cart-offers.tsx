import { Link } from 'react-router';
import type { Cart, CartItem } from '#api';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { withPriorityFirst } from '../catalog/assembly.ts';
import { formatMoney } from '../catalog/money.ts';
import type { CartChange } from './cart-changes.ts';
import { CART_PICTURE_SIZE } from './cart-line.tsx';

/** How many products the cart offers at once: a short row, not a list. */
export const OFFERS_SHOWN = 4;

/**
 * The cart's offers, the most relevant first (spec 001 §3 Cart catalog, §9 Catalogue assembly): the routine's products
 * the cart no longer holds, then the rest of the routine, each group with supplement_core, conditioner and shampoo
 * first; then the accessories, one per product (its first variant). At most `shown`, of which one place at least is
 * kept for an accessory when the cart offers any.
 */
export function chooseOffers(catalog: readonly CartItem[], shown = OFFERS_SHOWN): CartItem[] {
  const formulas = catalog.filter((line) => line.category === 'formula');
  const routine = withPriorityFirst(formulas.filter((line) => line.recommendation?.section === 'main'));
  const more = withPriorityFirst(formulas.filter((line) => line.recommendation?.section !== 'main'));
  const seen = new Set<string>();
  const accessories = catalog.filter((line) => line.category === 'item' && !seen.has(line.product) && seen.add(line.product));
  const custom = [...routine, ...more].slice(0, accessories.length > 0 ? shown - 1 : shown);
  return [...custom, ...accessories].slice(0, shown);
}

/**
 * What the routine offers besides (../shared/STOREFRONT.md Cart page: "upsells are a short row of cards"): a row of
 * product cards, each with its picture, name, price and an Add button; a row that scrolls sideways on a phone and a
 * grid on a wide screen. Its title is the server's (spec 001 §2 "Cart section titles come from the server").
 */
export function CartOffers({ cart, onChange, firstName }: { cart: Cart; onChange: (change: CartChange) => void; firstName?: string | undefined }) {
  const offers = chooseOffers(cart.catalog);
  if (offers.length === 0) return null;
  const section = offers[0]!.recommendation?.section ?? 'upsale';
  const title = cart.cartSectionTitle.find((s) => s.section === section)?.title ?? 'Complete your routine';
  return (
    <section className="cart__offers" aria-labelledby="cart-offers">
      <h2 id="cart-offers">{title}</h2>
      <ul className="cart-offers">
        {offers.map((line) => (
          <li key={`${line.category}:${line.type}`} className="cart-offer card">
            {line.item_object?.picture_name ? (
              <ProductPicture
                src={line.item_object.picture_name}
                alt=""
                width={CART_PICTURE_SIZE}
                height={CART_PICTURE_SIZE}
                sizes="(min-width: 64em) 12rem, 40vw"
                label={line.category === 'formula' ? firstName : undefined}
                className="cart-offer__picture"
              />
            ) : null}
            <h3 className="cart-offer__name">{line.label}</h3>
            <p className="cart-offer__price">{formatMoney(line.unit_price, cart.currency)}</p>
            <button
              type="button"
              className="button button--secondary button--small button--block"
              onClick={() => onChange({ kind: 'items', items: [{ category: line.category, type: line.type, product: line.product, quantity: 1 }] })}
              aria-label={`Add ${line.label}`}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
      {cart.catalog.some((line) => line.category === 'item') ? (
        <p className="cart__browse">
          <Link to="/collections/accessories">Browse every accessory</Link>
        </p>
      ) : null}
    </section>
  );
}
