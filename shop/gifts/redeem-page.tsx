import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link } from 'react-router';
import type { GiftRedeemed } from '#api';
import { InputField } from '../../renderer/parts/field.tsx';
import { formatMoney } from '../catalog/money.ts';
import { codeProblem, redeemErrorOf } from './redeem-code.ts';
import './redeem.css';

/** Redeems a code (POST /v1/gifts/redeem/): what was credited, or an ApiError. */
export type RedeemGift = (code: string) => Promise<GiftRedeemed>;

/** Who is there: the session still loading, no customer (a visitor or a guest), or a customer who can hold credit. */
export type RedeemAccount = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; email: string };

/** Where a gift's credit can be spent (spec 001 §2 "Gift card landing page": gift cards buy these). */
const shopLinks = [
  ['/collections/haircare', 'Custom haircare'],
  ['/collections/skincare', 'Custom skincare'],
  ['/collections/accessories', 'Accessories'],
] as const;

/**
 * /gift/redeem, the giftee's side of a gift card (spec 001 §2 "Giftee and gifter variants": "Claim your gift"; §8, §9
 * "Gift cards"): the code from the gift e-mail (or typed) becomes credit on the giftee's account, which pays their
 * next order. A visitor who is not a customer is asked to sign in or create their account first (`signInTo`).
 */
export function GiftRedeemPage({
  account,
  initialCode = '',
  signInTo,
  redeem,
  onRedeemed,
  headingRef,
}: {
  account: RedeemAccount;
  initialCode?: string;
  signInTo: string;
  redeem: RedeemGift;
  /** The code was credited (or is worth nothing now): the app forgets the code it kept. */
  onRedeemed?(outcome: GiftRedeemed | null): void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<GiftRedeemed | null>(null);
  // A guest's session answered 403: credit needs a customer's account, whatever the session said.
  const [needsAccount, setNeedsAccount] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLElement>(null);
  // The code may arrive after the first draw (read from the link once the route runs).
  useEffect(() => {
    if (initialCode) setCode(initialCode);
  }, [initialCode]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = codeProblem(code);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const credited = await redeem(code.trim());
      setDone(credited);
      onRedeemed?.(credited);
    } catch (caught) {
      const refusal = redeemErrorOf(caught);
      if (refusal.kind === 'sign-in') setNeedsAccount(true);
      else {
        setError(refusal.message);
        if (refusal.used) onRedeemed?.(null);
        input.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const signedOut = account.status === 'signed-out' || needsAccount;
  return (
    <div className="gift-redeem">
      <p className="landing-eyebrow">Gift card</p>
      <h1 ref={headingRef} tabIndex={-1}>
        Claim your gift
      </h1>
      {done ? (
        <section className="card gift-redeem__done" ref={doneRef} tabIndex={-1} aria-labelledby="gift-redeem-done">
          <h2 id="gift-redeem-done">{formatMoney(done.amount, done.currency)} credited to your account</h2>
          <p className="gift-redeem__lead">It pays your next order.</p>
          <p>Your credit now: {formatMoney(done.balance, done.currency)}. It never expires, and what an order leaves carries over.</p>
          <h3 className="gift-redeem__shop-title">Choose what it buys</h3>
          <ul className="gift-redeem__shop">
            {shopLinks.map(([to, label]) => (
              <li key={to}>
                <Link className="button button--secondary button--block" to={to}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : account.status === 'loading' && !needsAccount ? (
        <p className="gift-redeem__lead" role="status">
          Checking your account…
        </p>
      ) : signedOut ? (
        <section className="card gift-redeem__card" aria-labelledby="gift-redeem-signin">
          <h2 id="gift-redeem-signin">Sign in to claim it</h2>
          <p>Your gift card becomes credit on your account, and it pays your next order. Sign in, or create your account in a minute, to claim it.</p>
          {code ? <p className="gift-redeem__note">We'll keep your code on this device while you sign in.</p> : null}
          <Link className="button button--primary button--block" to={signInTo}>
            Sign in or create an account
          </Link>
        </section>
      ) : (
        <form
          className="card gift-redeem__card"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-labelledby="gift-redeem-form"
          aria-busy={busy || undefined}
        >
          <h2 id="gift-redeem-form">Your gift card code</h2>
          <p>It becomes credit on your account, and it pays your next order.</p>
          <InputField
            id="gift-redeem-code"
            label="Gift card code"
            hint="It's in your gift e-mail: 16 letters and digits."
            error={error ?? undefined}
            value={code}
            onChange={(value) => {
              setCode(value);
              if (error) setError(null);
            }}
            inputRef={input}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
          />
          {account.status === 'signed-in' ? (
            <p className="gift-redeem__note">
              The credit goes to the account of <strong>{account.email}</strong>.
            </p>
          ) : null}
          <button className="button button--primary button--block" type="submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {busy ? 'Claiming your gift…' : 'Claim my gift'}
          </button>
        </form>
      )}
    </div>
  );
}
