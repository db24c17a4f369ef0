import { useId, useState, type FormEvent } from 'react';
import type { Cart } from '#api';
import { formatMoney } from '../catalog/money.ts';

export interface CartCouponProps {
  cart: Cart;
  /** Sends the code (null removes the cart's coupon); resolves with why it was refused, or null when kept. */
  onCoupon(code: string | null): Promise<string | null>;
}

/**
 * The cart's coupon (spec 001 §3 Cart display_coupons; api/README.md "Coupons on a cart"): the code applied, with
 * what it takes off and a Remove button, or a field to enter one. The server decides and prices it; a refused code
 * keeps the field with the server's reason under it, read out as the field's error.
 */
export function CartCoupon({ cart, onCoupon }: CartCouponProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = cart.display_coupons[0];
  const send = (value: string | null) => {
    setBusy(true);
    void onCoupon(value).then((refusal) => {
      setBusy(false);
      setError(refusal);
      if (refusal === null) setCode('');
    });
  };
  if (applied) {
    return (
      <div className="cart__coupon cart__coupon--applied">
        <p>
          Code <strong>{applied.code}</strong> applied: −{formatMoney(applied.amount, cart.currency)}
        </p>
        <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => send(null)}>
          Remove code {applied.code}
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError('Enter a code.');
      return;
    }
    send(typed);
  };
  return (
    <form className="cart__coupon" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>Promo or referral code</label>
      <div className="cart__coupon-row">
        <input
          id={`${id}-code`}
          name="coupon"
          className="field__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--secondary button--small" disabled={busy}>
          Apply
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
