import { useId, useState, type FormEvent } from 'react';
import type { CartItem } from '#api';
import { QUANTITY_RANGES, frequencyOptions, frequencyText, quantityChoices } from '#api/commerce';
import { ProductPicture } from '../../ui/product-picture.tsx';
import { formatMoney } from '../catalog/money.ts';
import type { CartChange } from './cart-changes.ts';
import { TunedFromFeedback } from './tuned-from-feedback.tsx';

/** The cart's pictures are the catalogue's card pictures, drawn square (shop/catalog/products.yaml: 600 × 600). */
export const CART_PICTURE_SIZE = 600;

/** A line's request with `changes`, keeping what it does not change. */
function lineUpdate(line: CartItem, changes: { quantity?: number; subscription?: { active: boolean; frequency?: number } }): CartChange {
  return {
    kind: 'items',
    items: [
      {
        category: line.category,
        type: line.type,
        product: line.product,
        quantity: changes.quantity ?? line.quantity,
        ...(changes.subscription ? { subscription: changes.subscription } : {}),
      },
    ],
  };
}

/** What kind of purchase the line is, in words: "Subscription, every 4 weeks", "One-time purchase", a brush's monogram. */
function lineOptions(line: CartItem): string[] {
  const options: string[] = [];
  const { subscription } = line;
  const supplements = line.property === 'supplements';
  if (subscription.subscribable) {
    options.push(
      subscription.active
        ? `Subscription, ${frequencyText(subscription.frequency ?? subscription.recommended_frequency ?? 4, { supplements })}`
        : 'One-time purchase',
    );
  }
  const monogram = line.customization?.monograms?.[0];
  if (monogram) options.push(`Monogram: ${monogram}`);
  return options;
}

export interface CartLineProps {
  line: CartItem;
  currency: string;
  onChange: (change: CartChange) => void;
  /** The shopper's first name, written on a custom product's label in its picture. */
  firstName?: string | undefined;
}

/**
 * One cart line (spec 001 §3 Cart item; ../shared/STOREFRONT.md Cart page): its picture (a custom product's with the
 * shopper's name on the label), name, what kind of purchase it is, the line's price, then its controls: subscribe and
 * "Deliver every" (4, 8 or 12 weeks; supplements every 25 days), quantity (0 removes it), Remove, and on a brush the
 * monogram. Every control is a labelled native input; each change is shown at once (the cart machine).
 */
export function CartLine({ line, currency, onChange, firstName }: CartLineProps) {
  const id = useId();
  const accessory = line.category === 'item';
  const range = accessory ? { min: 0, max: QUANTITY_RANGES.accessory.max } : QUANTITY_RANGES.cartLine;
  const subscription = line.subscription;
  const supplements = line.property === 'supplements';
  const picture = line.item_object?.picture_name;
  const options = lineOptions(line);
  return (
    <li className="cart-line">
      <div className="cart-line__picture">
        {picture ? (
          <ProductPicture
            src={picture}
            alt=""
            width={CART_PICTURE_SIZE}
            height={CART_PICTURE_SIZE}
            sizes="(min-width: 48em) 7rem, 5rem"
            label={line.category === 'formula' ? firstName : undefined}
          />
        ) : null}
      </div>
      <div className="cart-line__about">
        <h3 id={`${id}-name`} className="cart-line__name">
          {line.label}
        </h3>
        {options.length > 0 ? <p className="cart-line__options">{options.join(' · ')}</p> : null}
        {line.category === 'formula' ? <TunedFromFeedback changes={line.feedback_changes} /> : null}
      </div>
      <p className="cart-line__price">
        <span className="visually-hidden">Price: </span>
        <span className="cart-line__total">{formatMoney(line.total_price, currency)}</span>
        {line.quantity > 1 ? (
          <span className="cart-line__unit">
            {line.quantity} × {formatMoney(line.unit_price, currency)}
          </span>
        ) : null}
      </p>
      <div className="cart-line__controls">
        {subscription.subscribable ? (
          <div className="cart-line__subscription">
            <label className="cart-line__subscribe">
              <input
                type="checkbox"
                checked={subscription.active}
                onChange={(e) => onChange(lineUpdate(line, { subscription: { active: e.target.checked } }))}
                aria-describedby={`${id}-name`}
              />
              Subscribe and save {Math.round(subscription.discount * 100)}%
            </label>
            {subscription.active ? (
              <span className="cart-line__inline-field">
                <label htmlFor={`${id}-frequency`}>Deliver every</label>
                <select
                  id={`${id}-frequency`}
                  className="cart-line__select"
                  value={subscription.frequency ?? subscription.recommended_frequency ?? 4}
                  aria-describedby={`${id}-name`}
                  onChange={(e) => onChange(lineUpdate(line, { subscription: { active: true, frequency: Number(e.target.value) } }))}
                >
                  {frequencyOptions({ supplements, recommended: subscription.recommended_frequency }).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label.replace(/^Every /, '')}
                    </option>
                  ))}
                </select>
              </span>
            ) : null}
          </div>
        ) : null}
        <span className="cart-line__inline-field">
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <select
            id={`${id}-quantity`}
            className="cart-line__select"
            value={line.quantity}
            aria-describedby={`${id}-name`}
            onChange={(e) => onChange(lineUpdate(line, { quantity: Number(e.target.value) }))}
          >
            {quantityChoices(range).map((n) => (
              <option key={n} value={n}>
                {n === 0 ? '0 (remove)' : n}
              </option>
            ))}
          </select>
        </span>
        <button
          type="button"
          className="button button--quiet button--small cart-line__remove"
          onClick={() => onChange(lineUpdate(line, { quantity: 0 }))}
          aria-describedby={`${id}-name`}
        >
          Remove
        </button>
      </div>
      {line.product === 'brush' ? <MonogramEditor line={line} onChange={onChange} /> : null}
    </li>
  );
}

/** The brush's complimentary monogram (spec 001 §5): letters A to Z, shown upper-case as typed; anything else is refused inline. */
function MonogramEditor({ line, onChange }: { line: CartItem; onChange: (change: CartChange) => void }) {
  const id = useId();
  const saved = line.customization?.monograms?.[0] ?? '';
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[A-Z]{1,3}$/.test(value)) return setError('Use one to three letters, A to Z.');
    setError(undefined);
    onChange({ kind: 'monograms', item: { category: line.category, type: line.type, product: line.product }, monograms: [value] });
  };
  return (
    <form className={`cart-line__monogram field${error ? ' field--invalid' : ''}`} onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={`${id}-monogram`}>
        Complimentary monogram
      </label>
      <span id={`${id}-hint`} className="field__hint">
        {saved ? `On your brush: ${saved}` : 'Up to three letters.'}
      </span>
      <span className="cart-line__monogram-row">
        <input
          id={`${id}-monogram`}
          className="field__input field__input--short"
          value={value}
          maxLength={3}
          autoCapitalize="characters"
          autoComplete="off"
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        />
        <button type="submit" className="button button--secondary button--small">
          Save monogram
        </button>
      </span>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
