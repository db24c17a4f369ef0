import { startTransition, useId, useLayoutEffect, useOptimistic, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Product } from '#api';
import { QUANTITY_RANGES, quantityChoices } from '#api/commerce';
import { brushVariants } from '../catalog/assembly.ts';
import { formatMoney } from '../catalog/money.ts';
import { useReshown } from '../../ui/use-reshown.ts';
import { productPreselectCta } from '../tracking/cta-attributes.ts';
import type { Variant } from './chosen-variant.ts';

/** Spec 001 §5, word for word: who may buy candles and the towel. */
export const CONSULTATION_RULE =
  'Candles and the Hair Towel Wrap can be bought only with an account and a completed haircare consultation, from the haircare cart.';

/** Whether the shopper may add the product: still being checked, yes, or what they must do first (spec 001 §5). */
export type PurchaseAccess = 'checking' | 'allowed' | 'sign-in' | 'consultation';

/** One line to add: the product, or for the brush and the candle the chosen variant's type. */
export interface AddRequest {
  type: string;
  product: string;
  quantity: number;
}

/** What adding did: the line as the server now has it, or the server's (or the shop's) words for why not. */
export type AddOutcome =
  { ok: true; line: { label: string; quantity: number; added: number; unitPrice: number }; capped: boolean } | { ok: false; message: string };

/** What the page's buy box needs from the app: who may buy, how to add, and how to go to checkout. */
export interface Purchase {
  access: PurchaseAccess;
  add(request: AddRequest): Promise<AddOutcome>;
  /** Goes to checkout from the cart the line went into (resolves false when the server refused). */
  checkout(): Promise<boolean>;
  /** The cart page: /checkout/haircare (accessories live in the haircare cart). */
  cartPath: string;
}

export interface BuyBoxProps {
  product: Product;
  /** The chosen variant (./chosen-variant.ts), when the product has variants. */
  variant: Variant | undefined;
  onChoose(slug: string): void;
  purchase: Purchase;
}

/**
 * Buying an accessory from its page (issue 25 point 1; ../shared/STOREFRONT.md Product): the variant (the brush's
 * bristles, the candle's fragrance; the same `?variant=` the variant heroes follow, spec 001 §2), its price from the
 * catalogue (§9 brush variants; the hero's price follows it), the quantity (1 to 3) and "Add to cart". Adding confirms at once with the line and
 * "View cart" / "Check out". A candle or the towel (§5) says what the shopper must do first instead of a dead button.
 */
export function BuyBox({ product, variant, onChoose, purchase }: BuyBoxProps) {
  const id = useId();
  const { pathname, search } = useLocation();
  const variants = brushVariants(product.variants);
  // The router applies a new ?variant= inside a transition, which on a busy phone can take a moment: the radio shows
  // the choice at once (an optimistic value) instead of springing back until the URL catches up.
  const [shownVariant, showVariant] = useOptimistic(variant?.slug);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  // Each add is a new message: the notice shown is hidden for 250 ms, then the new one shows (spec 001 §9 Countries and display).
  const [attempt, setAttempt] = useState(0);
  const shown = useReshown(outcome ? attempt : null);
  const visible = outcome !== null && shown === attempt;
  const notice = useRef<HTMLDivElement>(null);
  // Focused in the commit that draws it (a layout effect): a passive effect runs later, and a screen reader or a test
  // meeting the notice in between would find the focus still on the button.
  useLayoutEffect(() => {
    if (visible) notice.current?.focus();
  }, [visible, attempt]);
  const soldOut = product.sold_out || variant?.sold_out === true;
  const add = async () => {
    if (adding || purchase.access === 'checking') return;
    setAdding(true);
    const result = await purchase.add({ type: variant?.type ?? product.type, product: product.type, quantity });
    setAdding(false);
    setAttempt((n) => n + 1);
    setOutcome(result);
  };
  return (
    <section className="pp-buy card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Buy the {product.label.toLowerCase()}
      </h2>
      {variants.length > 0 ? (
        <fieldset className="pp-buy__variants">
          <legend className="field__label">Choose your {product.label.toLowerCase()}</legend>
          {variants.map((v) => (
            <label key={v.slug} className="pp-buy__variant">
              <input
                type="radio"
                name={`${id}-variant`}
                value={v.slug}
                checked={v.slug === shownVariant}
                onChange={() => {
                  setOutcome(null);
                  startTransition(() => {
                    showVariant(v.slug);
                    onChoose(v.slug);
                  });
                }}
              />
              <span className="pp-buy__variant-name">{v.label}</span>
              <span className="pp-buy__variant-price">{v.sold_out ? 'Sold out' : formatMoney(v.price, v.currency)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {product.needs_haircare_consultation ? <p className="field__hint">{CONSULTATION_RULE}</p> : null}
      {soldOut ? (
        <p className="pp-buy__actions">
          <span className="badge badge--sold-out">Sold out</span>
        </p>
      ) : purchase.access === 'sign-in' ? (
        <p className="pp-buy__actions">
          <Link className="button button--primary" to={`/signin?next=${encodeURIComponent(pathname + search)}`}>
            Sign in to buy
          </Link>
          <Link className="button button--quiet" to="/consultation/haircare">
            New here? Take the consultation
          </Link>
        </p>
      ) : purchase.access === 'consultation' ? (
        <p className="pp-buy__actions">
          <Link className="button button--primary" to="/consultation/haircare">
            Take the haircare consultation
          </Link>
        </p>
      ) : (
        <div className="pp-buy__actions">
          <div className="pp-buy__quantity">
            <label htmlFor={`${id}-quantity`}>Quantity</label>
            <select id={`${id}-quantity`} className="field__input" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {quantityChoices(QUANTITY_RANGES.accessory).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--primary"
            {...productPreselectCta({ product: variant?.type ?? product.type, category: product.category, location: 'product_page' })}
            onClick={() => void add()}
            aria-disabled={adding || purchase.access === 'checking' ? true : undefined}
          >
            {adding ? <span className="button__spinner" aria-hidden="true" /> : null}
            {adding ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      )}
      {outcome && visible ? (
        <div
          ref={notice}
          tabIndex={-1}
          className={`pp-buy__notice notice ${outcome.ok ? 'notice--success' : 'notice--error'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.ok ? (
            <>
              <p>
                Added to your cart: {outcome.line.label}
                {outcome.line.added > 1 ? ` × ${outcome.line.added}` : ''}, {formatMoney(outcome.line.unitPrice, product.currency)}
                {outcome.line.added > 1 ? ' each' : ''}.{outcome.line.quantity > outcome.line.added ? ` Your cart now holds ${outcome.line.quantity}.` : ''}
                {outcome.capped ? ' That is the most one order takes.' : ''}
              </p>
              <p className="pp-buy__next">
                <Link className="button button--secondary button--small" to={purchase.cartPath}>
                  View cart
                </Link>
                <CheckoutButton purchase={purchase} />
              </p>
            </>
          ) : (
            <p>{outcome.message}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** "Check out": the cart goes to checkout (spec 001 §4), then the checkout's first step; a refusal is said. */
function CheckoutButton({ purchase }: { purchase: Purchase }) {
  const [state, setState] = useState<'idle' | 'waiting' | 'refused'>('idle');
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        aria-disabled={state === 'waiting' ? true : undefined}
        onClick={() => {
          if (state === 'waiting') return;
          setState('waiting');
          void purchase.checkout().then((ok) => setState(ok ? 'idle' : 'refused'));
        }}
      >
        Check out
      </button>
      {state === 'refused' ? <span role="alert"> We couldn't start your checkout. Please try again from your cart.</span> : null}
    </>
  );
}
