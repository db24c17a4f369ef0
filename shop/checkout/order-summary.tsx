import { useEffect, useState } from 'react';
import type { Cart } from '#api';
import { formatMoney } from '../catalog/money';

/** Wide screens show the summary open beside the form; narrower ones fold it at the top of the page. */
const WIDE = '(min-width: 1024px)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches === true;

type Body = typeof import('./order-summary-body').OrderSummaryBody;
let body: Body | undefined;
let loading: Promise<Body> | undefined;
/** The open summary's code: its own chunk, as a phone shows the summary folded and may never open it. */
const loadBody = () =>
  (loading ??= import('./order-summary-body').then(
    (m) => (body = m.OrderSummaryBody),
    (error: unknown) => {
      loading = undefined; // offline: asked again the next time the summary opens
      throw error;
    },
  ));

/** Where the summary opens at once (a wide screen), its code is asked for with the page's, before the cart arrives. */
export function preloadOrderSummary(): void {
  if (isWide()) void loadBody().catch(() => undefined);
}

/**
 * The order summary of every checkout step, from the cart the page already has: on a phone a folded "Show order
 * summary $57.80" at the top, as shops do (its lines load when it opens); from 1024 px wide, open in a column beside
 * the form. Its lines with their pictures (the shopper's `firstName` on a custom product's label) and quantities, and
 * the server's totals.
 */
export function OrderSummary({ cart, firstName }: { cart: Cart; firstName?: string | undefined }) {
  const [open, setOpen] = useState(isWide);
  const [Body, setBody] = useState<Body | undefined>(() => body);
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const follow = () => setOpen(wide.matches);
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, []);
  useEffect(() => {
    if (!open || Body) return;
    let live = true;
    loadBody().then(
      (loaded) => live && setBody(() => loaded),
      () => undefined,
    );
    return () => void (live = false);
  }, [open, Body]);
  // What the shopper pays: the amount due, less any shop credit (spec 001 §3 Cart payment_from_customer).
  const total = formatMoney(cart.payment_from_customer, cart.currency);
  return (
    <aside className="order-summary" aria-label="Order summary">
      <details className="order-summary__details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="order-summary__toggle" onPointerDown={() => void loadBody().catch(() => undefined)}>
          <span className="order-summary__label">{open ? 'Hide order summary' : 'Show order summary'}</span>
          <span className="order-summary__total">{total}</span>
        </summary>
        <div className="order-summary__body" aria-busy={open && !Body ? true : undefined}>
          <h2 className="order-summary__title">Order summary</h2>
          {Body ? <Body cart={cart} firstName={firstName} /> : null}
        </div>
      </details>
    </aside>
  );
}
