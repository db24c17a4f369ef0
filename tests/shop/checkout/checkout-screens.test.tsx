import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answers, StepScreen } from '#engine';
import type { Order } from '#api';
import type { StepServices } from '../../../renderer/index';
import { StepView } from '../../../renderer/index';
import { checkoutStepComponents } from '../../../shop/checkout/checkout-steps';
import { CheckoutRefusal, type CheckoutFacts, type RefusalOutcome } from '../../../shop/checkout/checkout-facts';
import { CheckoutSuccess } from '../../../shop/checkout/checkout-success';
import { OrderSummary } from '../../../shop/checkout/order-summary';
import { paymentMessages } from '../../../shop/checkout/steps/payment-step';
import { cartAtCheckout, checkoutFacts, checkoutScreen, refusedOrder, waitingOrder } from '../../../stories/fixtures/checkout';
import { rosaOrder } from '../../../stories/fixtures/orders';
import { formatMoney } from '../../../shop/catalog/money';

const services: StepServices = { signUp: async () => ({ kind: 'error' }), saveNames: async () => ({ kind: 'error' }) };
const paid = { payment_method: 'newCard', payment_token: 'tok_test', payment_label: 'Visa •••• 4242' };

/** A checkout step as the runner draws it: the step's kind in StepView, with its facts, its busy state and its last refusal. */
function step(name: string, facts: CheckoutFacts, options: { saveError?: unknown; busy?: boolean; onNext?: () => void } = {}) {
  const props = (o: typeof options) => ({
    components: checkoutStepComponents,
    screen: checkoutScreen(name, { answers: facts.answers as Answers }) as StepScreen,
    facts,
    busy: o.busy ?? false,
    saveError: o.saveError,
    services,
    onChange: vi.fn(),
    onNext: o.onNext ?? vi.fn(),
  });
  const view = render(<StepView {...props(options)} />);
  return { ...view, again: (next: typeof options) => view.rerender(<StepView {...props(next)} />) };
}

const refusal = (outcome: RefusalOutcome) => new CheckoutRefusal(outcome);
const declined = () => refusal({ kind: 'order-refused', reason: 'payment', message: 'Your card was declined.' });

const successProps = { paymentPath: '/checkout/haircare/payment', waitPath: (o: Order) => `/checkout/haircare/wait-payment-confirmation?order=${o.pubkey}` };

afterEach(() => vi.restoreAllMocks());

describe('Order Success thanks only for a paid order (spec 001 §2 success, wait-payment-confirmation)', () => {
  it('an order still waiting for the bank says so and leads to the bank: no thanks, nothing charged', () => {
    render(<CheckoutSuccess order={waitingOrder} firstName="Rosa" {...successProps} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Waiting for your bank');
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/nothing has been charged/);
    const confirm = screen.getByRole('link', { name: 'Confirm with my bank' });
    expect(confirm.getAttribute('href')).toBe(
      `/checkout/confirm-payment/ch_test_story?return=${encodeURIComponent(`/checkout/haircare/wait-payment-confirmation?order=${waitingOrder.pubkey}`)}`,
    );
  });

  it('a refused or canceled order says nothing was charged and offers another payment method', () => {
    for (const order of [refusedOrder, { ...refusedOrder, status: 'canceled' as const, payment_error: null }]) {
      const { unmount } = render(<CheckoutSuccess order={order} {...successProps} />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your payment was not confirmed');
      expect(screen.getByRole('alert').textContent).toMatch(/Nothing was charged/);
      expect(screen.getByRole('link', { name: 'Use another payment method' }).getAttribute('href')).toBe('/checkout/haircare/payment');
      expect(screen.queryByText(/thank you/i)).toBeNull();
      unmount();
    }
  });

  it('no order known (a reload that lost it) is no thanks either: the account’s orders instead', () => {
    render(<CheckoutSuccess order={null} {...successProps} />);
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'your account' }).getAttribute('href')).toBe('/account/orders');
  });

  it('a paid order: thanks, its lines with pictures, price lines, where and when it ships, what happens next, the account; focus on the heading', async () => {
    render(<CheckoutSuccess order={rosaOrder} firstName="Rosa" {...successProps} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Thank you, Rosa!' });
    expect(document.activeElement).toBe(heading);
    const summary = screen.getByRole('region', { name: `Order #${rosaOrder.serial_no}` });
    const lines = within(summary).getAllByRole('listitem');
    expect(lines).toHaveLength(rosaOrder.items.length);
    // Each line's product picture, decorative beside its name, in a box of its own size so nothing moves as it loads;
    // a custom product's with the shopper's name on its label.
    const picture = await waitFor(() => {
      const img = lines[0]!.querySelector('img');
      if (!img) throw new Error('the picture has not loaded yet');
      return img;
    });
    expect(picture.getAttribute('src')).toBe('/media/card-shampoo.svg');
    expect([picture.getAttribute('alt'), picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['', '600', '600']);
    expect((picture.closest('.order-lines__picture') as HTMLElement).style.width).toBe('64px');
    expect(lines[0]!.querySelector('.product-picture__name')?.textContent).toBe('Rosa');
    expect(lines[0]!.textContent).toContain("Ada's Custom Shampoo, Arcadia");
    expect(lines[0]!.textContent).toContain('every 4 weeks');
    const totals = [...summary.querySelectorAll('.price-lines__row')].map((row) => row.textContent);
    const money = (n: number) => formatMoney(n, rosaOrder.currency);
    expect(totals).toEqual([
      `Subtotal${money(rosaOrder.total_price)}`,
      `Savings−${money(rosaOrder.total_discount)}`,
      'ShippingFree',
      `Taxes${money(rosaOrder.total_taxes)}`,
      `Total${money(rosaOrder.total_amount)}`,
    ]);
    expect(summary.querySelector('.price-lines__total')?.textContent).toBe(`Total${money(rosaOrder.total_amount)}`);
    const shipping = screen.getByRole('region', { name: 'Shipping to' });
    expect(shipping.textContent).toContain('2150 Mission St');
    expect(shipping.textContent).toContain('Arrives between 7/22 and 7/27');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next.textContent).toMatch(/formulate/);
    expect(next.textContent).toMatch(/ship/);
    expect(next.textContent).toMatch(/Review & Refine/);
    expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(`/account/orders/${rosaOrder.pubkey}`);
    expect(screen.getByRole('link', { name: 'All your orders' }).getAttribute('href')).toBe('/account/orders');
  });
});

describe('checkout errors are announced, in view, focused, once (STOREFRONT.md "Errors are announced and focused"; spec 001 §8)', () => {
  it('a declined order: one alert before Place order, focused and scrolled into view; the next attempt clears it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const facts = checkoutFacts({ answers: paid });
    const view = step('confirmation', facts, { saveError: declined() });
    const alert = await screen.findByRole('alert');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(alert.textContent).toContain('Your card was declined.');
    expect(within(alert).getByRole('link', { name: 'Use another payment method' }).getAttribute('href')).toBe('/checkout/haircare/payment');
    // Before the button (on a phone, not below it off the screen), and brought into view with the focus on it.
    const button = screen.getByRole('button', { name: 'Place order' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(scrolled).toHaveBeenCalledTimes(1);
    // The next attempt: gone while it is on its way; refused again, the same words come into view again.
    view.again({ saveError: declined(), busy: true });
    expect(screen.queryByRole('alert')).toBeNull();
    view.again({ saveError: declined() });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(scrolled).toHaveBeenCalledTimes(2);
  });

  it('a cart another tab ordered already: the alert leads to the orders, not to another card', async () => {
    step('confirmation', checkoutFacts({ answers: paid }), {
      saveError: refusal({ kind: 'order-refused', reason: 'already-ordered', message: 'There is no cart to order: go to checkout from your cart.' }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe('/account/orders');
    expect(within(alert).queryByRole('link', { name: 'Use another payment method' })).toBeNull();
  });

  it('the tokeniser’s refusal of a field is said once, on the field, which takes the focus', async () => {
    const facts = checkoutFacts({
      tokenizeCard: vi.fn(async () => ({ kind: 'error' as const, message: 'Your card has expired.', field: 'exp_month' as const })),
    });
    step('payment', facts);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name on card' }), 'Rosa Martinez');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Card number' }), '4000000000000069');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '0120');
    await userEvent.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to review' }));
    const expiry = screen.getByRole('textbox', { name: 'Expiry (MM/YY)' });
    await waitFor(() => expect(document.activeElement).toBe(expiry));
    expect(screen.getAllByText('Your card has expired.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the wallet’s failure is the step’s alert, focused', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    step('payment', checkoutFacts());
    await userEvent.click(await screen.findByRole('radio', { name: 'TestPay wallet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with TestPay' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(paymentMessages.wallet);
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});

describe('the wallet-provider flag (spec 001 §9 Feature flags)', () => {
  it('on (the default), the payment step offers the wallet besides cards; off, cards only', async () => {
    const on = step('payment', checkoutFacts());
    expect(await screen.findByRole('radio', { name: 'TestPay wallet' })).toBeTruthy();
    on.unmount();
    step('payment', { ...checkoutFacts(), walletOffered: false });
    expect(await screen.findByRole('radio', { name: 'Credit Card' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'TestPay wallet' })).toBeNull();
  });
});

describe('the review after a reload, and after the order (spec 001 §4 isPaymentReady)', () => {
  it('a new card entered before a reload has no token any more: back to the payment step, which says why', async () => {
    const go = vi.fn();
    step('confirmation', checkoutFacts({ go, answers: { payment_method: 'newCard', payment_label: 'Visa •••• 4242' } }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/checkout/haircare/payment', { replace: true, notice: 'card-again' }));
    expect(go).toHaveBeenCalledTimes(1);
    render(
      <StepView
        components={checkoutStepComponents}
        screen={checkoutScreen('payment') as StepScreen}
        facts={checkoutFacts({ notice: 'card-again' })}
        busy={false}
        services={services}
        onChange={vi.fn()}
        onNext={vi.fn()}
      />,
    );
    expect((await screen.findByText(paymentMessages.cardAgain)).textContent).toMatch(/^For your security, please enter your card again/);
  });

  it('a saved card chosen before a reload is still ready: the review stays', async () => {
    const go = vi.fn();
    step('confirmation', checkoutFacts({ go, answers: { payment_method: 'pm_card', payment_label: 'Visa •••• 4242' } }));
    expect(await screen.findByText(/Visa •••• 4242/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place order' }).getAttribute('aria-disabled')).toBeNull();
    expect(go).not.toHaveBeenCalled();
  });

  it('a placed order (the back button from the success page) is never placed again: the review leads to it', async () => {
    const onNext = vi.fn();
    const emptied = { ...cartAtCheckout, items: [], amount_due: 0, is_in_checkout: false };
    step('confirmation', checkoutFacts({ cart: emptied, order: rosaOrder, answers: { ...paid, order: rosaOrder.pubkey, order_status: 'paid' } }), { onNext });
    await screen.findByRole('heading', { level: 1, name: 'Your order is placed' });
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe('/checkout/haircare/success');
    expect(onNext).not.toHaveBeenCalled();
  });
});

describe('the order summary of every checkout step', () => {
  it('on a phone: folded at the top, "Show order summary" with the total; it opens on the lines with their pictures and the totals', async () => {
    render(<OrderSummary cart={cartAtCheckout} />);
    const details = document.querySelector('details')!;
    expect(details.open).toBe(false);
    const toggle = screen.getByText('Show order summary').closest('summary')!;
    expect(toggle.textContent).toBe(`Show order summary${formatMoney(cartAtCheckout.amount_due, cartAtCheckout.currency)}`);
    await userEvent.click(toggle);
    expect(details.open).toBe(true);
    // Its lines' code loads as it opens (a phone may never open it).
    const lines = await within(screen.getByRole('complementary', { name: 'Order summary' })).findAllByRole('listitem');
    expect(lines).toHaveLength(cartAtCheckout.items.filter((i) => i.quantity > 0).length);
    await waitFor(() => expect(lines[0]!.querySelector('img')?.getAttribute('src')).toBe(cartAtCheckout.items[0]!.item_object?.picture_name));
    expect(lines[0]!.textContent).toContain('Quantity 1');
    expect(document.querySelector('.price-lines__total')?.textContent).toBe(`Total${formatMoney(cartAtCheckout.amount_due, cartAtCheckout.currency)}`);
  });

  it('spec 001 §3 Cart display_coupons, gift_cards: the coupon and the shop credit each have their line; the card pays what is left ("To pay"), which the folded summary shows', async () => {
    const cart = {
      ...cartAtCheckout,
      total_price: 100,
      total_discount: 25,
      display_coupons: [{ code: 'HAIRCARE15', label: 'Discount', amount: 15 }],
      total_shipping: 0,
      estimated_taxes: 6,
      amount_due: 81,
      gift_cards: [{ code: 'credit', amount: 50 }],
      payment_from_customer: 31,
    };
    render(<OrderSummary cart={cart} />);
    expect(screen.getByText('Show order summary').closest('summary')!.textContent).toBe(`Show order summary${formatMoney(31, cart.currency)}`);
    await userEvent.click(screen.getByText('Show order summary'));
    await waitFor(() => expect(document.querySelector('.price-lines')).not.toBeNull());
    const rows = [...document.querySelectorAll('.price-lines__row')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
    const money = (n: number) => formatMoney(n, cart.currency);
    expect(rows).toEqual([
      ['Subtotal', money(100)],
      ['Subscription savings', `−${money(10)}`],
      ['Discount (HAIRCARE15)', `−${money(15)}`],
      ['Shipping', 'Free'],
      [expect.stringMatching(/^Taxes/), money(6)],
      ['Total', money(81)],
      ['Gift card credit', `−${money(50)}`],
      ['To pay', money(31)],
    ]);
  });

  it('from 1024 px wide: open beside the form', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: query === '(min-width: 1024px)', media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    render(<OrderSummary cart={cartAtCheckout} />);
    expect(document.querySelector('details')!.open).toBe(true);
  });
});
