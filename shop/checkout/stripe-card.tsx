/**
 * @module shop/checkout/stripe-card: the payment step's card field when Stripe takes the cards (issue 24, item 7). The
 * card number, expiry and security code are typed into Stripe's card element, an iframe of js.stripe.com that Stripe.js
 * (loaded here, through @stripe/stripe-js, only when this chunk is) draws inside our field; the shop's page never
 * holds them. On submit Stripe answers a card token (`tok_…`), which the step keeps as it keeps the test tokeniser's:
 * the server makes the PaymentMethod from it (server/payments/stripe-provider.ts). Stripe's words for an incomplete,
 * invalid or refused card are shown on the field (role=alert, and the field's aria-describedby); nothing is logged.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { TokenOutcome } from './checkout-facts';

/** What the payment step asks of the field. */
export interface StripeCardHandle {
  /** Whether anything has been typed into the element. */
  typed(): boolean;
  /** Stripe's token for the card typed, with the name on the card (spec 001 §5). */
  tokenize(name: string): Promise<TokenOutcome>;
}

/** Stripe's card brands as the shop names them (api/commerce.ts `cardNetwork`); another is a plain "Card". */
const BRANDS: Readonly<Record<string, string>> = { Visa: 'visa', MasterCard: 'mastercard', 'American Express': 'amex', Discover: 'discover' };

export const stripeCardMessages = {
  load: 'We couldn’t load the card form. Please refresh the page or try again.',
} as const;

/** A Stripe error the shopper can act on (an incomplete or invalid card, the bank's refusal): its words, on the field. */
const shopperError = (error: StripeError) => (error.type === 'validation_error' || error.type === 'card_error' ? error.message : undefined);

const ID = 'payment-card';

/**
 * Stripe's card element in a field of ours: a visible label, the element (its own inputs are labelled by Stripe inside
 * its frame), and its error. `load` is Stripe.js's loader (tests pass a fake Stripe).
 */
export default function StripeCard({
  publishableKey,
  handle,
  load = loadStripe,
}: {
  publishableKey: string;
  handle: RefObject<StripeCardHandle | null>;
  load?: (key: string) => Promise<Stripe | null>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string>();
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    let live = true;
    let card: StripeCardElement | undefined;
    let empty = true;
    handle.current = { typed: () => false, tokenize: async () => ({ kind: 'failure' }) };
    load(publishableKey).then(
      (stripe) => {
        if (!live) return;
        if (!stripe || !mount.current) return setState('failed');
        const style = getComputedStyle(mount.current);
        const element = stripe.elements().create('card', { style: { base: { color: style.color, fontFamily: style.fontFamily, fontSize: '16px' } } });
        card = element;
        element.on('change', (event) => {
          empty = event.empty;
          setError(event.error?.message);
        });
        element.on('focus', () => setFocused(true));
        element.on('blur', () => setFocused(false));
        element.mount(mount.current);
        setState('ready');
        handle.current = {
          typed: () => !empty,
          async tokenize(name) {
            try {
              const result = await stripe.createToken(element, { name });
              if (result.token) {
                const { id, card: details } = result.token;
                setError(undefined);
                return { kind: 'token', token: { token: id, card: { brand: BRANDS[details?.brand ?? ''] ?? 'unknown', last4: details?.last4 ?? '' } } };
              }
              const message = shopperError(result.error);
              if (!message) return { kind: 'failure' };
              setError(message);
              element.focus();
              return { kind: 'error', message };
            } catch {
              return { kind: 'failure' };
            }
          },
        };
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      handle.current = null;
      card?.destroy();
    };
  }, [publishableKey, handle, load]);

  const note = state === 'failed' ? stripeCardMessages.load : error;
  return (
    <div className={`field${note ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${ID}-label`}>
        Card details
      </span>
      <div
        ref={mount}
        className="field__input"
        role="group"
        aria-labelledby={`${ID}-label`}
        aria-describedby={note ? `${ID}-note` : undefined}
        aria-busy={state === 'loading' || undefined}
        style={{ display: 'grid', alignContent: 'center', outline: focused ? 'var(--focus-ring)' : undefined, outlineOffset: '2px' }}
      />
      {note ? (
        <p id={`${ID}-note`} className="field__error" role="alert">
          {note}
        </p>
      ) : null}
    </div>
  );
}
