import './cart.css';
import { Link } from 'react-router';
import type { Cart, PromotionalGift } from '#api';
import { deliveryText } from '#api/commerce';
import type { RequestStatus } from '../machines/optimistic-resource.ts';
import type { CartChange } from './cart-changes.ts';
import { isEmptyCart } from './cart-changes.ts';
import { CartCoupon } from './cart-coupon.tsx';
import { CartLine } from './cart-line.tsx';
import { CartOffers } from './cart-offers.tsx';
import { CartTotals } from './cart-totals.tsx';
import { GwpLine } from './gwp-line.tsx';
import { GwpBanner } from '../promotions/gwp-banner.tsx';
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
  /** The shopper's first name, written on their custom products' labels in the pictures. */
  firstName?: string | undefined;
  /** Enters or removes (null) a coupon code: resolves with why it was refused, else null. Without it, no code field. */
  onCoupon?: ((code: string | null) => Promise<string | null>) | undefined;
  /** The gifts with purchase running now (GET /v1/promotional_gift): the banner when one should show (spec 001 §3). */
  gifts?: readonly PromotionalGift[] | undefined;
}

const TITLES = { haircare: 'Your haircare cart', skincare: 'Your skincare cart' } as const;

/**
 * The per-category cart (spec 001 §2 Cart and checkout, §3 Cart; ../shared/STOREFRONT.md Cart page): its lines, then
 * the summary with the checkout button, then a short row of what else the routine offers, so the checkout comes
 * before the offers in the reading order (and in Tab order); on a wide screen the summary stands beside the lines.
 * Loading, error and empty states each say what to do.
 */
export function CartPage({
  category,
  cart,
  status,
  onChange,
  onRetry,
  onCheckout,
  checkout,
  headingRef,
  universal = false,
  firstName,
  onCoupon,
  gifts = [],
}: CartPageProps) {
  const heading = (
    <h1 ref={headingRef} tabIndex={-1} className="cart__title">
      {universal ? 'Your cart' : TITLES[category]}
    </h1>
  );
  if (status === 'idle' || status === 'loading') {
    return (
      <section className="cart" aria-busy="true">
        {heading}
        <p role="status" className="cart__status">
          Loading your cart…
        </p>
      </section>
    );
  }
  if (status === 'error') {
    return (
      <section className="cart">
        {heading}
        <div role="alert" className="notice notice--error cart__status">
          <p>We couldn't load your cart. Please check your connection.</p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  const currency = cart?.currency ?? 'USD';
  const empty = !cart || isEmptyCart(cart);
  return (
    <section className={`cart${empty ? ' cart--empty' : ''}`} aria-busy={status === 'saving'}>
      {heading}
      <GwpBanner gifts={gifts} cart={cart} category={universal ? undefined : category} />
      {empty ? (
        <div className="cart__empty card">
          <p className="cart__empty-title">Your cart is empty.</p>
          <p>Your formulas start with a few questions; our accessories are ready to go.</p>
          <p className="cart__empty-actions">
            <Link className="button button--primary" to={`/consultation/${category}`}>
              Take the {category} consultation
            </Link>
            <Link className="button button--secondary" to={`/collections/${category}`}>
              Browse {category}
            </Link>
          </p>
        </div>
      ) : (
        <section className="cart__in" aria-labelledby="cart-in">
          {/* Keyboard: past every line's controls to the summary and Checkout in two presses. */}
          <a
            className="cart__skip button button--quiet button--small"
            href="#cart-summary"
            onClick={(event) => {
              event.preventDefault();
              document.getElementById('cart-summary')?.focus();
            }}
          >
            Skip to the summary and checkout
          </a>
          <h2 id="cart-in" className="visually-hidden">
            In your cart
          </h2>
          <ul className="cart__lines">
            {cart.items
              // The coupon's line is drawn in the summary (display_coupons), not among the products.
              .filter((line) => line.category !== 'coupon')
              .map((line) =>
                line.category === 'gwp' ? (
                  <GwpLine key={`gwp:${line.type}:${line.product}`} line={line} />
                ) : (
                  <CartLine key={`${line.category}:${line.type}:${line.product}`} line={line} currency={currency} onChange={onChange} firstName={firstName} />
                ),
              )}
          </ul>
        </section>
      )}
      {cart && !empty ? <Summary cart={cart} onCheckout={onCheckout} checkout={checkout} saving={status === 'saving'} onCoupon={onCoupon} /> : null}
      {cart ? <CartOffers cart={cart} onChange={onChange} firstName={firstName} /> : null}
    </section>
  );
}

/** Totals (spec 001 §3 Cart), the delivery estimate (§2), taxes as an estimate until the address is known, the checkout button. */
function Summary({
  cart,
  onCheckout,
  checkout,
  saving,
  onCoupon,
}: {
  cart: Cart;
  onCheckout: () => void;
  checkout: CartPageProps['checkout'];
  saving: boolean;
  onCoupon: CartPageProps['onCoupon'];
}) {
  const estimate = cart.shipping_estimate[0];
  const busy = saving || checkout === 'waiting';
  return (
    <section className="cart__summary card" aria-labelledby="cart-summary">
      <h2 id="cart-summary" tabIndex={-1}>
        Summary
      </h2>
      <CartTotals cart={cart} taxes="estimate" className="cart__totals" totalClassName="cart__total" />
      {estimate ? <p className="cart__delivery">{deliveryText(estimate)}</p> : null}
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          if (!busy) onCheckout();
        }}
        aria-disabled={busy ? true : undefined}
      >
        {checkout === 'waiting' ? <span className="button__spinner" aria-hidden="true" /> : null}
        Checkout
      </button>
      {checkout === 'refused' ? (
        <p role="alert" className="field__error">
          We couldn't start your checkout. Please try again.
        </p>
      ) : null}
      {checkout === 'ready' ? <p role="status">Your cart is ready for checkout.</p> : null}
      <p className="cart__guarantee">Love your first order (or it's on us).</p>
      {/* After Checkout, so the keyboard reaches Checkout first from the lines (issue 25 point 7); the code is optional. */}
      {onCoupon ? <CartCoupon cart={cart} onCoupon={onCoupon} /> : null}
    </section>
  );
}
