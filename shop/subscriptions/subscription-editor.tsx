import { useId, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import type { Address, PaymentMethod, Subscription, SubscriptionForecast, SubscriptionPatch } from '#api';
import { frequencyOptions, QUANTITY_RANGES, quantityChoices } from '#api/commerce';
import { Notice } from '../../ui/notice';
import { ForecastView } from './forecast-view';
import { ProductThumb, productSchedule } from './subscription-card';
import type { ProductChange } from './subscription-changes';
import { subscriptionSlug } from './subscription-rules';
import { categoryTitle, categoryWords, holdReasonWords, statusWords } from './subscription-words';
import './subscriptions.css';

export type Loaded<T> = T | 'loading' | 'error';

/** The form's choices: each product's quantity and frequency, the address and the card. */
export interface EditorDraft {
  products: Record<string, { quantity: number; frequency: number }>;
  shipping_address: string;
  payment_source: string;
}

const draftOf = (s: Subscription): EditorDraft => ({
  products: Object.fromEntries(s.regular_products.map((p) => [p.type, { quantity: p.quantity, frequency: p.frequency }])),
  shipping_address: s.shipping_address ?? '',
  payment_source: s.payment_source ?? '',
});

/** What differs between the subscription and the form's choices (only those fields are sent: two tabs keep theirs). */
export function productChanges(subscription: Subscription, draft: EditorDraft): ProductChange[] {
  return subscription.regular_products.flatMap((p) => {
    const chosen = draft.products[p.type];
    if (!chosen || (chosen.quantity === p.quantity && chosen.frequency === p.frequency)) return [];
    return [
      {
        type: p.type,
        ...(chosen.quantity !== p.quantity ? { quantity: chosen.quantity } : {}),
        ...(chosen.frequency !== p.frequency ? { frequency: chosen.frequency } : {}),
      },
    ];
  });
}

export function patchOf(subscription: Subscription, draft: EditorDraft): SubscriptionPatch | null {
  const products = productChanges(subscription, draft);
  const patch: SubscriptionPatch = {
    ...(products.length ? { regular_products: products } : {}),
    ...(draft.shipping_address && draft.shipping_address !== subscription.shipping_address ? { shipping_address: draft.shipping_address } : {}),
    ...(draft.payment_source && draft.payment_source !== subscription.payment_source ? { payment_source: draft.payment_source } : {}),
  };
  return Object.keys(patch).length ? { ...patch, version: subscription.version } : null;
}

const addressWords = (a: Pick<Address, 'address1' | 'address2' | 'city' | 'state' | 'zipcode'>) =>
  `${a.address1}${a.address2 ? `, ${a.address2}` : ''}, ${a.city}, ${a.state} ${a.zipcode}`;

function Select({
  label,
  value,
  onChange,
  children,
  hint,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface EditorProps {
  subscription: Subscription;
  addresses: Loaded<Address[]>;
  methods: Loaded<PaymentMethod[]>;
  /** The forecast as saved, or the preview of the form's changes when there are some. */
  forecast: Loaded<SubscriptionForecast>;
  previewing: boolean;
  /** A failed update (spec 001 §2: ?status=error). */
  failed: boolean;
  saving: boolean;
  skipping: string | null;
  headingRef?: Ref<HTMLHeadingElement>;
  onDraft: (changes: ProductChange[]) => void;
  onSave: (patch: SubscriptionPatch | null) => void;
  onSkip: (type: string, skip: boolean) => void;
  /** Snooze and ship now, drawn by the page. */
  children?: ReactNode;
}

/**
 * /account/subscription/{category} (spec 001 §2, §4, §9): each product's quantity (1-4), frequency (the ones it offers;
 * "(recommended)" on 4 weeks for haircare and skincare; supplements in days) and skip or unskip; the address and card;
 * the next charges (a preview while the form differs), Save; then snooze, ship now (children) and the way to cancel.
 */
export function SubscriptionEditor(props: EditorProps) {
  const { subscription, addresses, methods, forecast, failed, saving, skipping } = props;
  const slug = subscriptionSlug(subscription);
  const supplements = subscription.sub_category === 'supplements';
  const [draft, setDraft] = useState(() => draftOf(subscription));
  const [unchanged, setUnchanged] = useState(false);
  const setProduct = (type: string, change: Partial<{ quantity: number; frequency: number }>) => {
    const next = { ...draft, products: { ...draft.products, [type]: { ...draft.products[type]!, ...change } } };
    setDraft(next);
    setUnchanged(false);
    props.onDraft(productChanges(subscription, next));
  };
  const id = useId();
  return (
    <div className="subscriptions">
      <p className="subscriptions__back">
        <Link to="/account/subscription/home">All subscriptions</Link>
      </p>
      <h1 ref={props.headingRef} tabIndex={-1}>
        Your {categoryWords[slug]} subscription
      </h1>
      {failed ? (
        <Notice tone="error" focus>
          Your changes could not be saved
        </Notice>
      ) : null}
      <p className="subscription-card__meta">
        <span className={`badge subscription-card__status subscription-card__status--${subscription.status}`}>{statusWords[subscription.status]}</span>
        {subscription.status === 'onhold' ? ` ${holdReasonWords(subscription.status_reason)}` : null}
      </p>
      <form
        className="subscription-editor"
        aria-label={`${categoryTitle[slug]} subscription`}
        onSubmit={(event) => {
          event.preventDefault();
          if (saving) return;
          const patch = patchOf(subscription, draft);
          setUnchanged(patch === null);
          if (patch) props.onSave(patch);
        }}
      >
        <section className="card subscription-section" aria-labelledby={`${id}-products`}>
          <h2 id={`${id}-products`}>Products</h2>
          <ul className="subscription-products">
            {subscription.regular_products.map((product) => {
              const chosen = draft.products[product.type]!;
              return (
                <li key={product.type} className="subscription-product subscription-product--edit">
                  <ProductThumb type={product.type} />
                  <fieldset className="subscription-product__fields">
                    <legend className="subscription-product__name">{product.label}</legend>
                    <p className="subscription-product__schedule">{productSchedule(product, subscription)}</p>
                    <div className="subscription-product__selects">
                      <Select label="Quantity" value={chosen.quantity} onChange={(v) => setProduct(product.type, { quantity: Number(v) })}>
                        {quantityChoices(QUANTITY_RANGES.subscription).map((n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </Select>
                      <Select label="Deliver" value={chosen.frequency} onChange={(v) => setProduct(product.type, { frequency: Number(v) })}>
                        {frequencyOptions({ supplements, recommended: supplements ? 0 : null }).map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </Select>
                    </div>
                    {product.can_skip || product.can_unskip ? (
                      <button
                        type="button"
                        className="button button--quiet button--small subscription-product__skip"
                        aria-label={`${product.can_skip ? 'Skip next delivery' : 'Put back in next delivery'}: ${product.label}`}
                        aria-busy={skipping === product.type || undefined}
                        aria-disabled={skipping !== null || undefined}
                        onClick={() => skipping === null && props.onSkip(product.type, product.can_skip)}
                      >
                        {product.can_skip ? 'Skip next delivery' : 'Put back in next delivery'}
                      </button>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ul>
        </section>
        <section className="card subscription-section" aria-labelledby={`${id}-delivery`}>
          <h2 id={`${id}-delivery`}>Delivery and payment</h2>
          {addresses === 'loading' ? <p>Loading your addresses…</p> : null}
          {addresses === 'error' ? <p>Your addresses could not be loaded: it ships to {addressWords(subscription.shipping_address_details)}.</p> : null}
          {Array.isArray(addresses) ? (
            <Select label="Ship to" value={draft.shipping_address} onChange={(v) => (setDraft({ ...draft, shipping_address: v }), setUnchanged(false))}>
              {draft.shipping_address === '' ? <option value="">{addressWords(subscription.shipping_address_details)} (as kept)</option> : null}
              {addresses.map((a) => (
                <option key={a.pubkey} value={a.pubkey}>
                  {addressWords(a)}
                </option>
              ))}
            </Select>
          ) : null}
          {methods === 'loading' ? <p>Loading your payment methods…</p> : null}
          {methods === 'error' ? <p>Your payment methods could not be loaded.</p> : null}
          {Array.isArray(methods) ? (
            <Select
              label="Pay with"
              value={draft.payment_source}
              onChange={(v) => (setDraft({ ...draft, payment_source: v }), setUnchanged(false))}
              hint={
                methods.length === 0
                  ? 'No saved card: add one in your payment methods.'
                  : subscription.status_reason === 'payment_error'
                    ? 'Choose a card and save: your subscription resumes with it.'
                    : undefined
              }
            >
              {draft.payment_source === '' ? <option value="">Choose a payment method</option> : null}
              {methods.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </Select>
          ) : null}
          <p>
            <Link to="/account/addresses">Your addresses</Link> · <Link to="/account/payments">Your payment methods</Link>
          </p>
        </section>
        <section className="card subscription-section" aria-labelledby={`${id}-forecast`} aria-live="polite" aria-busy={forecast === 'loading'}>
          <h2 id={`${id}-forecast`}>{props.previewing ? 'Your next charges with these changes' : 'Your next charges'}</h2>
          {forecast === 'loading' ? <p>Working out your next charges…</p> : null}
          {forecast === 'error' ? <p>Your next charges could not be worked out just now.</p> : null}
          {typeof forecast === 'object' ? <ForecastView forecast={forecast} /> : null}
        </section>
        {unchanged ? <Notice tone="info">You haven’t changed anything yet.</Notice> : null}
        <p className="subscription-section__actions">
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
        </p>
      </form>
      {props.children}
      <p className="subscription-editor__cancel">
        <Link to={`/account/subscription/${slug}/cancel`}>Cancel subscription</Link>
      </p>
    </div>
  );
}
