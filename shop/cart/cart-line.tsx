import { useId, useState, type FormEvent } from 'react';
import type { CartItem } from '#api';
import { QUANTITY_RANGES, frequencyOptions, quantityChoices } from '#api/commerce';
import { formatMoney } from '../catalog/money.ts';
import type { CartChange } from './cart-changes.ts';

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

/**
 * One cart line (spec 001 §3 Cart item): its name, price, quantity (0 removes it), subscription and frequency for a
 * subscribable product (every 4, 8 or 12 weeks; supplements every 25 days), a remove button and, on a brush, the
 * monogram. Every control is a labelled native input; each change is shown at once (the cart machine).
 */
export function CartLine({ line, currency, onChange }: { line: CartItem; currency: string; onChange: (change: CartChange) => void }) {
  const id = useId();
  const accessory = line.category === 'item';
  const range = accessory ? { min: 0, max: QUANTITY_RANGES.accessory.max } : QUANTITY_RANGES.cartLine;
  const subscription = line.subscription;
  const supplements = line.property === 'supplements';
  return (
    <li className="cart-line">
      <h3 id={`${id}-name`} className="cart-line__name">
        {line.label}
      </h3>
      <p className="cart-line__price">
        <span>{formatMoney(line.unit_price, currency)}</span>
        {line.quantity > 1 ? (
          <span className="cart-line__total">
            {' '}
            · {formatMoney(line.total_price, currency)} for {line.quantity}
          </span>
        ) : null}
      </p>
      <div className="cart-line__controls">
        <label htmlFor={`${id}-quantity`}>Quantity</label>
        <select
          id={`${id}-quantity`}
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
        {subscription.subscribable ? (
          <>
            <label className="cart-line__subscribe">
              <input
                type="checkbox"
                checked={subscription.active}
                onChange={(e) => onChange(lineUpdate(line, { subscription: { active: e.target.checked } }))}
                aria-describedby={`${id}-name`}
              />{' '}
              Subscribe and save {Math.round(subscription.discount * 100)}%
            </label>
            {subscription.active ? (
              <>
                <label htmlFor={`${id}-frequency`}>Deliver</label>
                <select
                  id={`${id}-frequency`}
                  value={subscription.frequency ?? subscription.recommended_frequency ?? 4}
                  aria-describedby={`${id}-name`}
                  onChange={(e) => onChange(lineUpdate(line, { subscription: { active: true, frequency: Number(e.target.value) } }))}
                >
                  {frequencyOptions({ supplements, recommended: subscription.recommended_frequency }).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
          </>
        ) : null}
        <button type="button" className="link-button" onClick={() => onChange(lineUpdate(line, { quantity: 0 }))} aria-describedby={`${id}-name`}>
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
    <form className="cart-line__monogram" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-monogram`}>Complimentary monogram</label>
      <input
        id={`${id}-monogram`}
        value={value}
        maxLength={3}
        autoCapitalize="characters"
        autoComplete="off"
        onChange={(e) => setValue(e.target.value.toUpperCase())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      <span id={`${id}-hint`} className="cart-line__hint">
        {saved ? `On your brush: ${saved}` : 'Up to three letters.'}
      </span>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <button type="submit">Save monogram</button>
    </form>
  );
}
