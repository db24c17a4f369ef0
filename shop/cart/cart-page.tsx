import './cart.css';
import { Link } from 'react-router';
import type { Cart, CartItem } from '#api';
import { deliveryText } from '#api/commerce';
import { formatMoney } from '../catalog/money.ts';
import type { RequestStatus } from '../machines/optimistic-resource.ts';
import type { CartChange } from './cart-changes.ts';
import { isEmptyCart } from './cart-changes.ts';
import { CartLine } from './cart-line.tsx';
import { CartTotals } from './cart-totals.tsx';
import type { Category } from '#api/shared';

export interface CartPageProps {
  category: Category;
  cart: Cart | null;
  status: RequestStatus;
  onChange(change: CartChange): void;
  onRetry(): void;
  onCheckout(): void;
  /** Going to checkout: waiting for the server, or refused. */
  checkout: 'idle' | 'waiting' | 'refused' | 'ready';
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The universal cart (the `universal-cart` flag): every category in one cart. */
  universal?: boolean;
}

const TITLES = { haircare: 'Your haircare cart', skincare: 'Your skincare cart' } as const;

/**
 * The per-category cart (spec 001 §2 Cart and checkout, §3 Cart): its lines, what else the routine offers, totals,
 * the delivery estimate, the guarantee and the checkout button. Loading, error and empty states each say what to do.
 */
export function CartPage({ category, cart, status, onChange, onRetry, onCheckout, checkout, headingRef, universal = false }: CartPageProps) {
  const heading = (
    <h1 ref={headingRef} tabIndex={-1}>
      {universal ? 'Your cart' : TITLES[category]}
    </h1>
  );
  if (status === 'idle' || status === 'loading') {
    return (
      <section className="cart" aria-busy="true">
        {heading}
        <p role="status">Loading your cart…</p>
      </section>
    );
  }
  if (status === 'error') {
    return (
      <section className="cart">
        {heading}
        <div role="alert">
          <p>We couldn't load your cart. Please check your connection.</p>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  const currency = cart?.currency ?? 'USD';
  const offered = cart?.catalog ?? [];
  return (
    <section className="cart" aria-busy={status === 'saving'}>
      {heading}
      {!cart || isEmptyCart(cart) ? (
        <div className="cart__empty">
          <p>Your cart is empty.</p>
          <p>
            <Link to={`/consultation/${category}`}>Take the {category} consultation</Link> to get your formulas, or{' '}
            <Link to={`/collections/${category}`}>browse {category}</Link>.
          </p>
        </div>
      ) : (
        <section className="cart__in" aria-labelledby="cart-in">
          <h2 id="cart-in">In your cart</h2>
          <ul className="cart__lines">
            {cart.items.map((line) => (
              <CartLine key={`${line.category}:${line.type}:${line.product}`} line={line} currency={currency} onChange={onChange} />
            ))}
          </ul>
        </section>
      )}
      {offered.length > 0 ? <Offered lines={offered} cart={cart!} onChange={onChange} /> : null}
      {cart && !isEmptyCart(cart) ? <Summary cart={cart} onCheckout={onCheckout} checkout={checkout} saving={status === 'saving'} /> : null}
      <p className="cart__guarantee">Love your first order (or it's on us).</p>
    </section>
  );
}

/** What the routine offers besides (spec 001 §3 Cart catalog), grouped by the cart's section titles. */
function Offered({ lines, cart, onChange }: { lines: readonly CartItem[]; cart: Cart; onChange: (change: CartChange) => void }) {
  const title = (section: string) => cart.cartSectionTitle.find((s) => s.section === section)?.title ?? 'Complete your routine';
  const sections = [...new Set(lines.map((line) => line.recommendation?.section ?? 'upsale'))];
  return (
    <>
      {sections.map((section) => (
        <section key={section} className="cart__offered" aria-labelledby={`offered-${section}`}>
          <h2 id={`offered-${section}`}>{title(section)}</h2>
          <ul>
            {lines
              .filter((line) => (line.recommendation?.section ?? 'upsale') === section)
              .map((line) => (
                <li key={`${line.category}:${line.type}`} className="cart-offer">
                  <span className="cart-offer__name">{line.label}</span> <span>{formatMoney(line.unit_price, cart.currency)}</span>{' '}
                  <button
                    type="button"
                    onClick={() => onChange({ kind: 'items', items: [{ category: line.category, type: line.type, product: line.product, quantity: 1 }] })}
                    aria-label={`Add ${line.label}`}
                  >
                    Add
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** Totals (spec 001 §3 Cart), the delivery estimate (§2) and taxes as an estimate until the address is known. */
function Summary({ cart, onCheckout, checkout, saving }: { cart: Cart; onCheckout: () => void; checkout: CartPageProps['checkout']; saving: boolean }) {
  const money = (n: number) => formatMoney(n, cart.currency);
  const estimate = cart.shipping_estimate[0];
  return (
    <section className="cart__summary" aria-labelledby="cart-summary">
      <h2 id="cart-summary">Summary</h2>
      <CartTotals cart={cart} taxes="estimate" className="cart__totals" totalClassName="cart__total" />
      {estimate ? <p>{deliveryText(estimate)}</p> : null}
      {cart.display_coupons.map((coupon) => (
        <p key={coupon.code}>
          {coupon.label}: −{money(coupon.amount)}
        </p>
      ))}
      <button type="button" className="button" onClick={onCheckout} disabled={saving || checkout === 'waiting'}>
        Checkout
      </button>
      {checkout === 'refused' ? (
        <p role="alert" className="field-error">
          We couldn't start your checkout. Please try again.
        </p>
      ) : null}
      {checkout === 'ready' ? <p role="status">Your cart is ready for checkout.</p> : null}
    </section>
  );
}
