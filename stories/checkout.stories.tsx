import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AnyStepScreen } from '../renderer/components';
import { CheckoutSuccess } from '../shop/checkout/checkout-success';
import { CheckoutStepHarness } from './support/checkout-step-harness';
import { at } from './support/viewports';
import { checkoutFacts, checkoutScreen, refusedOrder, savedVisa, waitingOrder } from './fixtures/checkout';
import { rosaOrder } from './fixtures/orders';

// Every step of the real haircare checkout (flows/checkout/haircare.yaml), drawn by its own step kind with the
// checkout's facts; each call the step makes is a spy answering as the story says (spec 001 §2, §4, §5, §8).
const real = (name: string, answers = {}) => checkoutScreen(name, { answers }) as AnyStepScreen;
/** The step, once its kind's code has loaded (each checkout kind is its own chunk). */
async function drawn(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return canvas;
}

const meta = {
  title: 'Checkout/Steps',
  component: CheckoutStepHarness,
  args: { screen: real('account-details'), facts: checkoutFacts(), onChange: fn(), onNext: fn() },
} satisfies Meta<typeof CheckoutStepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Account/Shipping for a signed-in customer: the names, the phone and the saved address to ship to. */
const accountDetails: Story = {
  args: { screen: real('account-details', { first_name: 'Rosa', last_name: 'Martinez', shipping_address: 'adr_austin' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await expect(canvas.getByRole('radio', { name: /1100 Congress Ave/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(args.onChange).toHaveBeenCalledWith(expect.objectContaining({ first_name: 'Rosa', shipping_address: 'adr_austin' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const AccountDetails360 = at('xs', accountDetails);
export const AccountDetails768 = at('sm', accountDetails);
export const AccountDetails1280 = at('lg', accountDetails);

/** A guest: e-mail and names; §5 the phone formats as it is typed and a short one is refused. */
const guest: Story = {
  args: { facts: checkoutFacts({ session: 'guest', accountEmail: undefined, addresses: [] }) },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone (optional)' }), '212555');
    await expect(canvas.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('(212) 555');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter your email address.');
    await expect(canvas.getByRole('textbox', { name: 'Phone (optional)' })).toHaveAccessibleDescription(/10-digit phone number/);
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const Guest360 = at('xs', guest);
export const Guest1280 = at('lg', guest);

/** A guest's e-mail that already has an account: a sign-in link back to this step is mailed instead. */
const knownEmail: Story = {
  args: { facts: checkoutFacts({ session: 'guest', accountEmail: undefined }), refusal: { kind: 'magic-link-sent' } },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'rosa@example.com');
    await userEvent.type(canvas.getByRole('textbox', { name: 'First name' }), 'Rosa');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Last name' }), 'Martinez');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(/sign-in link/);
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const KnownEmail360 = at('xs', knownEmail);

/** The shipping address: Canada's provinces, and the postal code upper-cased with its space while it is typed (§5). */
const address: Story = {
  args: { screen: real('shipping-address') },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Country' }), 'CA');
    await expect(canvas.getByRole('combobox', { name: 'Province' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Postal code' }), 'm5h2n2');
    await expect(canvas.getByRole('textbox', { name: 'Postal code' })).toHaveValue('M5H 2N2');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription('Enter the street address.');
    await expect(canvas.getByRole('combobox', { name: 'Province' })).toHaveAccessibleDescription('Choose a province.');
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const Address360 = at('xs', address);
export const Address768 = at('sm', address);
export const Address1280 = at('lg', address);

/** Payment with a new card: the number grouped as typed; the token and what the review shows are kept. */
const payment: Story = {
  args: { screen: real('payment') },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name on card' }), 'Rosa Martinez');
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await expect(canvas.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Security code' }), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to review' }));
    await expect(args.onChange).toHaveBeenCalledWith({ method: 'newCard', token: 'tok_test_story', save_card: false, label: 'Visa •••• 4242' });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Payment360 = at('xs', payment);
export const Payment768 = at('sm', payment);
export const Payment1280 = at('lg', payment);

/** §7 a saved card, chosen already (the default): continuing keeps its id instead of a token (§4). */
const savedCard: Story = {
  args: {
    screen: real('payment'),
    facts: checkoutFacts({
      paymentMethods: [savedVisa],
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Visa •••• 4242 (expires 12/30)' })).toBeChecked();
    await expect(canvas.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to review' }));
    await expect(args.onChange).toHaveBeenCalledWith({ method: savedVisa.id, token: null, save_card: null, label: 'Visa •••• 4242' });
  },
};
export const SavedCard360 = at('xs', savedCard);
export const SavedCard1280 = at('lg', savedCard);

/** §8: the tokeniser refuses the card ('error', its words on the field); an exception is a 'failure' with the generic words. */
const tokenError: Story = {
  args: {
    screen: real('payment'),
    facts: checkoutFacts({ tokenizeCard: fn(async () => ({ kind: 'error' as const, message: 'Your card has expired.', field: 'exp_month' as const })) }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name on card' }), 'Rosa Martinez');
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Card number' }), '4000000000000069');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '0120');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Security code' }), '123');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to review' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your card has expired.');
    await expect(canvas.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};
export const TokenError360 = at('xs', tokenError);

/** §4 the wallet-type provider: pending while the wallet answers, then its nonce and the wallet's label; §8 its failure. */
const wallet: Story = {
  args: {
    screen: real('payment'),
    facts: checkoutFacts({
      payWithWallet: fn(async (email: string) =>
        email.startsWith('declined') ? { kind: 'failure' as const } : { kind: 'nonce' as const, nonce: 'nonce_test_story', email },
      ),
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'TestPay wallet' }));
    const email = canvas.getByRole('textbox', { name: 'TestPay account email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'declined@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with TestPay' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('We couldn’t connect to the wallet.');
    await userEvent.clear(email);
    await userEvent.type(email, 'rosa@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue with TestPay' }));
    await expect(args.onChange).toHaveBeenCalledWith({
      method: 'wallet',
      token: 'nonce_test_story',
      save_card: null,
      label: 'TestPay wallet (rosa@example.com)',
    });
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Wallet360 = at('xs', wallet);
export const Wallet1280 = at('lg', wallet);

/** Review: the lines, the server's totals and taxes, where it ships and the card; Place order places it. */
const review: Story = {
  args: {
    screen: real('confirmation'),
    facts: checkoutFacts({ answers: { payment_method: 'newCard', payment_token: 'tok_test_story', payment_label: 'Visa •••• 4242' } }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await drawn(canvasElement);
    await expect(canvas.getByText('Taxes (TX)')).toBeInTheDocument();
    await expect(canvas.getByText(/Visa •••• 4242/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Place order' }));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};
export const Review360 = at('xs', review);
export const Review768 = at('sm', review);
export const Review1280 = at('lg', review);

/** §4 isPaymentReady: no card yet (after a reload), so the order cannot be placed; §8 a declined card offers another. */
const reviewNotReady: Story = {
  args: { screen: real('confirmation'), error: 'Your card was declined.' },
  play: async ({ canvasElement }) => {
    const canvas = await drawn(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await expect(canvas.getByRole('link', { name: 'Add a payment method' })).toHaveAttribute('href', '/checkout/haircare/payment');
    await expect(canvas.getByRole('link', { name: 'Use another payment method' })).toBeInTheDocument();
  },
};
export const ReviewNotReady360 = at('xs', reviewNotReady);

/** Order Success, waiting for payment confirmation: where the shopper confirms with their bank. */
const waiting: Story = {
  args: {
    screen: real('wait-payment-confirmation', { order: waitingOrder.pubkey, order_status: 'requires_action' }),
    facts: checkoutFacts({ order: waitingOrder }),
  },
  play: async ({ canvasElement }) => {
    const link = (await drawn(canvasElement)).getByRole('link', { name: 'Confirm with my bank' });
    await expect(link.getAttribute('href')).toMatch(/^\/checkout\/confirm-payment\/ch_test_story\?return=/);
  },
};
export const Waiting360 = at('xs', waiting);
export const Waiting1280 = at('lg', waiting);

/** The bank refused: the reason, and another payment method. */
const refused: Story = {
  args: {
    screen: real('wait-payment-confirmation', { order: refusedOrder.pubkey, order_status: 'payment_failed' }),
    facts: checkoutFacts({ order: refusedOrder }),
  },
  play: async ({ canvasElement }) => {
    await expect((await drawn(canvasElement)).getByRole('alert')).toHaveTextContent(/unable to authenticate/);
  },
};
export const Refused360 = at('xs', refused);

/** Order Success (spec 001 §2 success): the order's number and where to follow it. */
export const Success360 = at('xs', {
  render: () => <CheckoutSuccess order={rosaOrder} firstName="Rosa" />,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'See your order' })).toHaveAttribute('href', `/account/orders/${rosaOrder.pubkey}`);
  },
} as Story);
