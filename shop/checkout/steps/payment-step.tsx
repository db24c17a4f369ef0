import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TestCard } from '#api';
import { paymentLabel, WALLET_LABEL } from '#api/commerce';
import type { StepProps } from '../../../renderer/index';
import { StepHeading, titleOf } from '../../../renderer/parts/step-heading';
import { ActionButton } from '../../../renderer/parts/action-button';
import type { CheckoutFacts, FieldMessages } from '../checkout-facts';
import { useCardEntry } from '../card-entry';
import { emailProblem, InputField } from '../../../renderer/parts/field';
import { StepAlert } from '../step-alert';

export const paymentMessages = {
  number: 'Enter your card number.',
  expiry: 'Enter the expiry date as MM/YY.',
  cvc: 'Enter the 3 or 4 digit security code.',
  name: 'Enter the name on the card.',
  failure: 'Oops, something went wrong... Please refresh the page or try again.',
  cardAgain: 'For your security, please enter your card again: we never keep card details on this device.',
  wallet: 'We couldn’t connect to the wallet. Let’s try again, or pay by card.',
} as const;

/** "4242424242424242" -> "4242 4242 4242 4242" as it is typed (at most 19 digits). */
export const formatCardNumber = (input: string) =>
  input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** "1230" -> "12 / 30" as it is typed. */
export const formatExpiry = (input: string) => {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/** The test tokeniser's request for the card typed into the step's own fields (checked first). */
function testCard(card: { number: string; expiry: string; cvc: string; name: string }): TestCard {
  const [month, year] = card.expiry.split('/').map((p) => Number(p.trim()));
  return { number: card.number.replace(/\s/g, ''), exp_month: month!, exp_year: 2000 + year!, cvc: card.cvc.trim(), name: card.name.trim() };
}

/** A saved method's id, a new card, or the wallet (spec 001 §4: a pubkey of 'newCard' means a new card). */
type Method = string;

/**
 * Payment (spec 001 §2, §4 Checkout and payment): a new card, tokenised by the provider with the name on the card (§5),
 * or the wallet-type provider (pending, then success or error). The card goes to the tokeniser only: the checkout keeps
 * its token and what the review shows ("Visa •••• 4242"), and isPaymentReady follows from them (§4).
 */
export function PaymentStep({ screen, onChange, onNext, busy, facts: checkout }: StepProps<'payment', CheckoutFacts>) {
  const chosen = screen.selection?.method;
  const saved = checkout.paymentMethods.filter((m) => m.service === 'card');
  const [method, setMethod] = useState<Method>(typeof chosen === 'string' ? chosen : ((saved.find((m) => m.is_default) ?? saved[0])?.id ?? 'newCard'));
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', name: '' });
  const [saveCard, setSaveCard] = useState(screen.selection?.save_card === true);
  const [walletEmail, setWalletEmail] = useState(checkout.accountEmail ?? '');
  const [errors, setErrors] = useState<FieldMessages>({});
  // Spec 001 §8: a tokenisation error has status 'error' (the provider's words), a thrown exception 'failure'.
  const [status, setStatus] = useState<'idle' | 'pending' | 'error' | 'failure'>('idle');
  const [message, setMessage] = useState('');
  // Each refusal is a new attempt: its alert comes into view again, even with the same words.
  const [attempt, setAttempt] = useState(0);
  const fail = (kind: 'error' | 'failure', words: string) => {
    setStatus(kind);
    setMessage(words);
    setAttempt((n) => n + 1);
  };
  const root = useRef<HTMLFormElement>(null);
  const set = (key: keyof typeof card, value: string) => {
    setCard((c) => ({ ...c, [key]: value }));
    setErrors(({ [key === 'expiry' ? 'exp_month' : key]: _gone, ...rest }) => rest);
  };
  const signedIn = checkout.session === 'authenticated';
  const kept = screen.selection?.token && chosen === 'newCard' ? String(screen.selection.label ?? '') : '';
  // Who takes the card: the test tokeniser (the fields below), or Stripe's own element in their place (../card-entry.tsx).
  const entry = useCardEntry(checkout.cardProvider);

  const check = (): FieldMessages => {
    if (!entry.own) return entry.stripe && !card.name.trim() ? { name: paymentMessages.name } : {}; // Stripe checks its card
    const found: FieldMessages = {};
    const digits = card.number.replace(/\D/g, '');
    if (digits.length < 12) found.number = paymentMessages.number;
    const [month, year] = card.expiry.split('/').map((p) => Number(p.trim()));
    if (!month || month > 12 || year === undefined || Number.isNaN(year) || card.expiry.replace(/\D/g, '').length !== 4)
      found.exp_month = paymentMessages.expiry;
    if (!/^\d{3,4}$/.test(card.cvc.trim())) found.cvc = paymentMessages.cvc;
    if (!card.name.trim()) found.name = paymentMessages.name;
    return found;
  };
  // The first field in error takes the focus once its message is drawn (after the render that draws it, however late).
  const [focusAsked, askFocus] = useState(0);
  useEffect(() => {
    if (focusAsked > 0) root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusAsked]);
  const focusFirstError = () => askFocus((n) => n + 1);

  const payByCard = async () => {
    if (kept && !card.number && !entry.stripe?.current?.typed()) {
      onNext(); // the card already tokenised on this visit
      return;
    }
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    setStatus('pending');
    // Stripe's token, the test tokeniser's, or a failure while who takes cards is not known (no card form is shown).
    const outcome = entry.own
      ? await checkout.tokenizeCard(testCard(card))
      : ((await entry.stripe?.current?.tokenize(card.name.trim())) ?? { kind: 'failure' });
    if (outcome.kind === 'failure') return fail('failure', paymentMessages.failure);
    if (outcome.kind === 'error') {
      // Said once: on the field it names (focused, its message read with it), else as the step's alert.
      if (!outcome.field) return fail('error', outcome.message);
      setStatus('idle');
      setErrors({ [outcome.field]: outcome.message });
      return focusFirstError();
    }
    setStatus('idle');
    const { brand, last4 } = outcome.token.card;
    onChange({ method: 'newCard', token: outcome.token.token, save_card: signedIn && saveCard, label: paymentLabel({ brand, last4 }) });
    onNext();
  };

  const payByWallet = async () => {
    const problem = emailProblem(walletEmail);
    setErrors(problem ? { wallet: problem } : {});
    if (problem) return focusFirstError();
    setStatus('pending');
    const outcome = await checkout.payWithWallet(walletEmail.trim());
    if (outcome.kind === 'failure') return fail('failure', paymentMessages.wallet);
    setStatus('idle');
    onChange({ method: 'wallet', token: outcome.nonce, save_card: null, label: `${WALLET_LABEL} (${outcome.email})` });
    onNext();
  };

  const paySaved = (id: string) => {
    const card = saved.find((m) => m.id === id);
    onChange({ method: id, token: null, save_card: null, label: card?.label ?? 'Saved card' });
    onNext();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || status === 'pending') return;
    if (method === 'wallet') void payByWallet();
    else if (method === 'newCard') void payByCard();
    else paySaved(method);
  };

  return (
    <form ref={root} className="step step--checkout" noValidate onSubmit={submit} aria-busy={busy || status === 'pending' || undefined}>
      <StepHeading title={titleOf(screen)} subtitle={screen.text.subtitle} />
      {checkout.notice === 'card-again' && !kept && (method === 'newCard' || method === 'wallet') ? (
        <p className="notice notice--info">{paymentMessages.cardAgain}</p>
      ) : null}
      <fieldset className="checkout__methods">
        <legend>How would you like to pay?</legend>
        {saved.map((m) => (
          <label key={m.id} className="checkout__choice">
            <input type="radio" name="method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
            <span>
              {m.label}
              {m.exp_month && m.exp_year ? ` (expires ${String(m.exp_month).padStart(2, '0')}/${String(m.exp_year).slice(-2)})` : ''}
            </span>
          </label>
        ))}
        <label className="checkout__choice">
          <input type="radio" name="method" value="newCard" checked={method === 'newCard'} onChange={() => setMethod('newCard')} />
          <span>{saved.length > 0 ? 'A new card' : 'Credit Card'}</span>
        </label>
        {screen.step.wallet && checkout.walletOffered !== false ? (
          <label className="checkout__choice">
            <input type="radio" name="method" value="wallet" checked={method === 'wallet'} onChange={() => setMethod('wallet')} />
            <span>{WALLET_LABEL}</span>
          </label>
        ) : null}
      </fieldset>
      {method !== 'newCard' && method !== 'wallet' ? null : method === 'newCard' ? (
        <div className="checkout__card">
          {kept ? <p className="field__hint">Paying with {kept}. Enter another card to change it.</p> : null}
          <InputField
            id="payment-name"
            label="Name on card"
            error={errors.name}
            autoComplete="cc-name"
            value={card.name}
            onChange={(value) => set('name', value)}
          />
          {entry.field ?? (
            <div style={entry.own ? undefined : { visibility: 'hidden' }}>
              <InputField
                id="payment-number"
                label="Card number"
                error={errors.number}
                autoComplete="cc-number"
                inputMode="numeric"
                value={card.number}
                onChange={(value) => set('number', formatCardNumber(value))}
              />
              <div className="checkout__pair">
                <InputField
                  id="payment-expiry"
                  label="Expiry (MM/YY)"
                  error={errors.exp_month}
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM / YY"
                  value={card.expiry}
                  onChange={(value) => set('expiry', formatExpiry(value))}
                />
                <InputField
                  id="payment-cvc"
                  label="Security code"
                  error={errors.cvc}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  maxLength={4}
                  value={card.cvc}
                  onChange={(value) => set('cvc', value.replace(/\D/g, ''))}
                />
              </div>
            </div>
          )}
          {signedIn ? (
            <label className="checkout__choice">
              <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
              <span>Save this card for next time</span>
            </label>
          ) : null}
        </div>
      ) : (
        <InputField
          id="payment-wallet"
          label="TestPay account email"
          error={errors.wallet}
          hint="Your TestPay wallet approves the payment; you pay nothing until the order is placed."
          type="email"
          autoComplete="email"
          value={walletEmail}
          onChange={(value) => {
            setWalletEmail(value);
            setErrors({});
          }}
        />
      )}
      <StepAlert attempt={attempt}>{status === 'error' || status === 'failure' ? <p>{message}</p> : null}</StepAlert>
      {status === 'pending' ? (
        <p role="status" className="field__hint">
          {method === 'wallet' ? 'Waiting for your wallet…' : 'Checking your card…'}
        </p>
      ) : null}
      <div className="step__actions">
        <ActionButton type="submit" busy={busy || status === 'pending'}>
          {method === 'wallet' ? 'Continue with TestPay' : (screen.step.button ?? 'Continue')}
        </ActionButton>
      </div>
    </form>
  );
}
