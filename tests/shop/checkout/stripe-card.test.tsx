import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StepScreen } from '#engine';
import type { StepServices } from '../../../renderer/index';
import StripeCard, { stripeCardMessages, type StripeCardHandle } from '../../../shop/checkout/stripe-card';
import { PaymentStep } from '../../../shop/checkout/steps/payment-step';
import type { CheckoutFacts } from '../../../shop/checkout/checkout-facts';
import { checkoutFacts, checkoutScreen } from '../../../stories/fixtures/checkout';

// Stripe.js is never fetched here: its loader answers the fake Stripe of each test.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

type Handler = (event: never) => void;

/** The text an element's aria-describedby points at ('' for none). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();

/**
 * A fake of the few parts of Stripe.js the card field uses: `elements().create('card')` gives an element that mounts a
 * frame (as Stripe's does: the card is typed there, not in the page), takes `on(event)` handlers the test fires, and
 * `createToken(element, {name})` answers as the test says.
 */
function fakeStripe() {
  const handlers = new Map<string, Handler>();
  const element = {
    mount: vi.fn((node: HTMLElement) => {
      const frame = document.createElement('iframe');
      frame.title = 'Secure card payment input frame';
      node.append(frame);
    }),
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, handler);
      return element;
    }),
    focus: vi.fn(),
    destroy: vi.fn(),
  };
  const create = vi.fn(() => element);
  const stripe = { elements: vi.fn(() => ({ create })), createToken: vi.fn() };
  const change = (event: Partial<StripeCardElementChangeEvent>) =>
    act(() =>
      (handlers.get('change') as (e: Partial<StripeCardElementChangeEvent>) => void)({
        elementType: 'card',
        empty: false,
        complete: false,
        error: undefined,
        ...event,
      }),
    );
  return { stripe, element, create, change, asStripe: stripe as unknown as Stripe };
}

const visaToken = {
  token: { id: 'tok_visa', object: 'token', type: 'card', card: { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, name: 'Rosa Martinez' } },
};
const incomplete = { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };

let logged: unknown[][];
beforeEach(() => {
  logged = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Issue 24, item 7: with Stripe, the card is typed into Stripe's own element; the shop keeps only its token. */
describe('Stripe’s card field (shop/checkout/stripe-card.tsx)', () => {
  function drawn(fake: ReturnType<typeof fakeStripe>) {
    const handle = createRef<StripeCardHandle>() as { current: StripeCardHandle | null };
    const load = vi.fn(async () => fake.asStripe);
    render(<StripeCard publishableKey="pk_test_dom" handle={handle} load={load} />);
    return { handle, load };
  }

  it('loads Stripe with the publishable key and mounts its card element in a labelled field of ours', async () => {
    const fake = fakeStripe();
    const { load } = drawn(fake);
    const field = screen.getByRole('group', { name: 'Card details' });
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalledWith(field));
    expect(load).toHaveBeenCalledWith('pk_test_dom');
    expect(fake.create).toHaveBeenCalledWith('card', expect.objectContaining({ style: expect.any(Object) }));
    expect(field.querySelector('iframe')).not.toBeNull();
    expect(field.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('Stripe’s words for an invalid card are shown on the field as they come, tied to it, and go when it is fixed', async () => {
    const fake = fakeStripe();
    drawn(fake);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fake.change({ error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } });
    expect(screen.getByRole('alert').textContent).toBe('Your card number is invalid.');
    expect(descriptionOf(screen.getByRole('group', { name: 'Card details' }))).toBe('Your card number is invalid.');
    fake.change({ complete: true });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('group', { name: 'Card details' }).getAttribute('aria-describedby')).toBeNull();
  });

  it('createToken with the name on the card answers the token and what the step shows of the card', async () => {
    const fake = fakeStripe();
    const { handle } = drawn(fake);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(handle.current!.typed()).toBe(false);
    fake.change({ complete: true, empty: false });
    expect(handle.current!.typed()).toBe(true);
    fake.stripe.createToken.mockResolvedValue(visaToken);
    const outcome = await act(() => handle.current!.tokenize('Rosa Martinez'));
    expect(fake.stripe.createToken).toHaveBeenCalledWith(fake.element, { name: 'Rosa Martinez' });
    expect(outcome).toEqual({ kind: 'token', token: { token: 'tok_visa', card: { brand: 'visa', last4: '4242' } } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a card Stripe refuses (incomplete, declined) is an error on the field, which takes focus; its connection failing is a failure', async () => {
    const fake = fakeStripe();
    const { handle } = drawn(fake);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fake.stripe.createToken.mockResolvedValueOnce(incomplete);
    expect(await act(() => handle.current!.tokenize('Rosa Martinez'))).toEqual({ kind: 'error', message: 'Your card number is incomplete.' });
    expect(screen.getByRole('alert').textContent).toBe('Your card number is incomplete.');
    expect(fake.element.focus).toHaveBeenCalled();

    fake.stripe.createToken.mockResolvedValueOnce({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    expect(await act(() => handle.current!.tokenize('Rosa Martinez'))).toEqual({ kind: 'error', message: 'Your card was declined.' });
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.');

    fake.stripe.createToken.mockResolvedValueOnce({ error: { type: 'api_connection_error', message: 'Network error: pk_test_dom' } });
    expect(await act(() => handle.current!.tokenize('Rosa Martinez'))).toEqual({ kind: 'failure' });
    fake.stripe.createToken.mockRejectedValueOnce(new Error('boom'));
    expect(await act(() => handle.current!.tokenize('Rosa Martinez'))).toEqual({ kind: 'failure' });
    expect(logged).toEqual([]);
  });

  it('Stripe.js that does not load (blocked, offline) says so on the field; unmounting destroys the element', async () => {
    const handle = { current: null as StripeCardHandle | null };
    const failing = render(<StripeCard publishableKey="pk_test_dom" handle={handle} load={() => Promise.reject(new Error('Failed to load Stripe.js'))} />);
    expect((await screen.findByRole('alert')).textContent).toBe(stripeCardMessages.load);
    expect(await handle.current!.tokenize('Rosa Martinez')).toEqual({ kind: 'failure' });
    failing.unmount();

    const fake = fakeStripe();
    const loaded = render(<StripeCard publishableKey="pk_test_dom" handle={handle} load={async () => fake.asStripe} />);
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    loaded.unmount();
    expect(fake.element.destroy).toHaveBeenCalled();
    expect(handle.current).toBeNull();
  });
});

describe('the payment step takes a new card through the provider (spec 001 §4, §5; issue 24)', () => {
  const payment = checkoutScreen('payment') as StepScreen<'payment'>;
  function step(facts: Partial<CheckoutFacts>) {
    const onChange = vi.fn();
    const onNext = vi.fn();
    const all = checkoutFacts({ tokenizeCard: vi.fn(), ...facts });
    const { unmount } = render(<PaymentStep screen={payment} facts={all} onChange={onChange} onNext={onNext} busy={false} services={{} as StepServices} />);
    return { onChange, onNext, facts: all, unmount };
  }

  it('with the test provider, its own fields, invisible until the provider is known; Stripe.js is not loaded', async () => {
    let answer!: () => void;
    const known = new Promise<{ provider: 'test' }>((resolve) => (answer = () => resolve({ provider: 'test' })));
    step({ cardProvider: () => known });
    // Drawn from the start (nothing moves when they show), but invisible: hidden from the accessibility tree too.
    const number = document.getElementById('payment-number')!;
    expect(number.closest<HTMLElement>('[style]')?.style.visibility).toBe('hidden');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    answer();
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(number.closest<HTMLElement>('[style]')?.style.visibility ?? '').toBe('');
    expect(screen.getByRole('textbox', { name: 'Security code' })).toBeTruthy();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('with Stripe, Stripe’s element in place of the number, expiry and security code; the order keeps Stripe’s token', async () => {
    const fake = fakeStripe();
    vi.mocked(loadStripe).mockResolvedValue(fake.asStripe);
    fake.stripe.createToken.mockResolvedValue(visaToken);
    const { onChange, onNext, facts } = step({ cardProvider: async () => ({ provider: 'stripe', publishable_key: 'pk_test_shop' }) });
    await screen.findByRole('group', { name: 'Card details' });
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_shop');
    for (const name of ['Card number', 'Expiry (MM/YY)', 'Security code']) expect(screen.queryByRole('textbox', { name })).toBeNull();

    // The name on the card stays ours, checked as before.
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(descriptionOf(await screen.findByRole('textbox', { name: 'Name on card', description: 'Enter the name on the card.' }))).toBe(
      'Enter the name on the card.',
    );
    expect(fake.stripe.createToken).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name on card' }), { target: { value: 'Rosa Martinez ' } });
    fake.change({ complete: true });
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(fake.stripe.createToken).toHaveBeenCalledWith(fake.element, { name: 'Rosa Martinez' });
    expect(onChange).toHaveBeenCalledWith({ method: 'newCard', token: 'tok_visa', save_card: false, label: 'Visa •••• 4242' });
    expect(facts.tokenizeCard).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });

  it('with Stripe, a refused card stays on the step with Stripe’s words', async () => {
    const fake = fakeStripe();
    vi.mocked(loadStripe).mockResolvedValue(fake.asStripe);
    fake.stripe.createToken.mockResolvedValue(incomplete);
    const { onNext } = step({ cardProvider: async () => ({ provider: 'stripe', publishable_key: 'pk_test_shop' }) });
    await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Name on card' }), { target: { value: 'Rosa Martinez' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Your card number is incomplete.'));
    expect(descriptionOf(screen.getByRole('group', { name: 'Card details' }))).toBe('Your card number is incomplete.');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('when who takes cards cannot be learned, no card field is shown and Continue says so; the step asks again when it opens again', async () => {
    const cardProvider = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ provider: 'test' });
    const { facts, onNext, unmount } = step({ cardProvider });
    await waitFor(() => expect(cardProvider).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name on card' }), { target: { value: 'Rosa Martinez' } });
    fireEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Oops, something went wrong... Please refresh the page or try again.');
    expect(facts.tokenizeCard).not.toHaveBeenCalled();
    expect(onNext).not.toHaveBeenCalled();
    unmount();
    step({ cardProvider });
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(cardProvider).toHaveBeenCalledTimes(2);
  });
});
